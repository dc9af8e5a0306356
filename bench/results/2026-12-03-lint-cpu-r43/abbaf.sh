#!/usr/bin/env bash
# abbaf.sh N JAR FLAG: N rounds of A B B A on one jar, A without FLAG, B with it (lint's JVM alone, perf stat task-clock)
n=$1; j=$2; flag=$3
one() { perf stat -x, -e task-clock /tmp/lint-cpu/r43/lintjvm.sh $j "$@" 2>&1 >/dev/null | awk -F, '/task-clock/{printf "%.0f", $1}'; }
for i in $(seq $n); do
  l=$(cut -d' ' -f1 /proc/loadavg)
  a1=$(one); b1=$(one $flag); b2=$(one $flag); a2=$(one)
  echo "round $i load $l | without $a1 $a2 | with $flag $b1 $b2 | B-A $(( (b1+b2-a1-a2)/2 )) ms"
done
