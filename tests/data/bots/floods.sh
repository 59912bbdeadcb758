#!/bin/sh
# Prints comment lines without end (which the tester skips, but counts):
# "Too much output: more than 16777216 bytes".
exec yes "# flooding the tester"
