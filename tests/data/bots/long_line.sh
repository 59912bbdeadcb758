#!/bin/sh
# Prints one line that never ends: "Too much output: a line longer than
# 1048576 bytes".
exec tr '\0' x < /dev/zero
