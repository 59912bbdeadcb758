#!/bin/sh
# Jumps five rows away from its start on turn 1:
# "Player 0 attempted invalid move from (sx, sy) to (sx+5 mod 10, sy)."
read n m t u
i=0
while [ "$i" -lt "$n" ]; do read row; i=$((i + 1)); done
read sx sy
echo "$(( (sx + 5) % 10 )) $sy"
