#!/usr/bin/env bash
# perpid.sh OUT CMD...: ms of task-clock per process (1 sample = 1 ms of task-clock), first-started pid first
out=$1; shift
perf record -q -e task-clock -c 1000000 -o "$out" -- "$@" > /dev/null 2>&1
perf script -i "$out" -F pid 2>/dev/null | sort -n | uniq -c | awk '{printf "%s:%s ", $2, $1; s+=$1} END {print "total", s}'
