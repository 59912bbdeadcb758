#!/bin/sh
# Reads only up to its start cell, closes its input, then stays there for all
# T turns, with a comment and an empty line first (which the tester skips).
# A valid game: the runner must neither block on the unread input nor fail.
read n m t u
i=0
while [ "$i" -lt "$n" ]; do read row; i=$((i + 1)); done
read sx sy
exec 0<&-
echo "# staying on $sx $sy"
echo ""
i=0
while [ "$i" -lt "$t" ]; do echo "$sx $sy"; i=$((i + 1)); done
