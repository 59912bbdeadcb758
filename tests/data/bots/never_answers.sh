#!/bin/sh
# Never prints a move: the runner must kill it at its deadline.
exec sleep 300
