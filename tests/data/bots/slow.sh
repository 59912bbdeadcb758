#!/bin/sh
# Like stay_deaf.sh, but first sleeps 0.5 s: fine without a time limit, over
# a 0.2 s one ("Time limit exceeded").
sleep 0.5
exec sh "$(dirname "$0")/stay_deaf.sh"
