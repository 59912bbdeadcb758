#!/bin/sh
# Prints a word instead of a move: "Parse error: hello".
echo "hello world"
