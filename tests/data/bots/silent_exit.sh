#!/bin/sh
# Exits without printing anything: "Your program has terminated unexpectedly".
exit 0
