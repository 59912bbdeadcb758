#!/bin/sh
# Plays a whole valid game (staying on its start cell), then does not exit:
# the runner must kill it at its deadline and score 0.
read n m t u
i=0
while [ "$i" -lt "$n" ]; do read row; i=$((i + 1)); done
read sx sy
i=0
while [ "$i" -lt "$t" ]; do echo "$sx $sy"; i=$((i + 1)); done
exec sleep 300
