#!/bin/sh
# For eval's tests: hangs on games of two players, plays a valid game
# (stay_deaf.sh) on the others.
read n m t u
if [ "$m" -eq 2 ]; then exec sleep 300; fi
i=0
while [ "$i" -lt "$n" ]; do read row; i=$((i + 1)); done
read sx sy
exec 0<&-
i=0
while [ "$i" -lt "$t" ]; do echo "$sx $sy"; i=$((i + 1)); done
