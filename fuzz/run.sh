#!/bin/sh
# Runs one fuzz target for a while, at the lowest priority, on one core:
#   fuzz/run.sh TARGET SECONDS
# New inputs go to fuzz/corpus/TARGET (not committed), crashes to
# fuzz/artifacts/TARGET; the seeds in fuzz/seeds/TARGET start the corpus.
# libFuzzer's own output (with the final executions count) is in
# fuzz/fuzz-0.log. Needs a nightly toolchain and `cargo install cargo-fuzz`.
set -eu
cd "$(dirname "$0")"
target=$1
seconds=$2
mkdir -p "corpus/$target"
dict=""
[ -f "$target.dict" ] && dict="-dict=$target.dict"
exec nice -n 19 cargo +nightly fuzz run -O "$target" "corpus/$target" "seeds/$target" -- \
    -jobs=1 -max_total_time="$seconds" -max_len=8192 -print_final_stats=1 $dict
