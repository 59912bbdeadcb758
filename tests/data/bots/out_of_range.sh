#!/bin/sh
# Prints a row past the board: "Out of range: 10".
echo "10 0"
