#!/bin/sh
# Plays ten valid turns (staying on its start cell, reading every answer),
# then does what its first argument says: `exit` ("Your program has
# terminated unexpectedly" on turn 11) or `hang` (killed at the deadline,
# "no move for turn 11").
read n m t u
i=0
while [ "$i" -lt "$n" ]; do read row; i=$((i + 1)); done
read sx sy
i=1
while [ "$i" -lt "$m" ]; do read start; i=$((i + 1)); done
turn=0
while [ "$turn" -lt 10 ]; do
    echo "$sx $sy"
    k=0
    while [ "$k" -lt $((2 * m + 2 * n)) ]; do read line; k=$((k + 1)); done
    turn=$((turn + 1))
done
case "$1" in
    exit) exit 0 ;;
    hang) exec sleep 300 ;;
esac
