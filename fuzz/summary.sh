#!/bin/sh
# Prints the figures of a libFuzzer run from its log: executions, exec/s, coverage, corpus, and
# the crashes (saved inputs) under the target's artifact directory.
# Usage: fuzz/summary.sh TARGET LOG SECONDS
target=$1 log=$2 secs=$3
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log" | tail -n 1)
last=$(grep -E '^#[0-9]+' "$log" | tail -n 1)
cov=$(printf '%s\n' "$last" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
ft=$(printf '%s\n' "$last" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
corp=$(printf '%s\n' "$last" | sed -n 's/.* corp: \([^ ]*\).*/\1/p')
crashes=$(find "fuzz/artifacts/$target" -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'leak-*' \) 2>/dev/null | wc -l)
echo "fuzz $target: ${runs:-?} executions in ${secs} s budget (${rate:-?} exec/s), coverage ${cov:-?} edges / ${ft:-?} features, corpus ${corp:-?}, peak RSS ${rss:-?} MiB, saved crashes/timeouts/ooms: $crashes (fuzz/artifacts/$target)"
grep -m 3 -E '^==[0-9]+== ERROR|panicked at|invariant broken' "$log" || true
