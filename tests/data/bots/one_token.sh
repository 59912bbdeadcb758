#!/bin/sh
# Prints a single number: "Unexpected EOF" (the second coordinate is missing).
echo "3"
