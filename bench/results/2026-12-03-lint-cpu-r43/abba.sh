#!/usr/bin/env bash
# abba.sh N jarA jarB: N rounds of A B B A (lint's JVM alone, perf stat task-clock), so that a run's place in a round cancels out
n=$1; ja=$2; jb=$3
one() { local j=$1; perf stat -x, -e task-clock /tmp/lint-cpu/r43/lintjvm.sh $j 2>&1 >/dev/null | awk -F, '/task-clock/{printf "%.0f", $1}'; }
for i in $(seq $n); do
  l=$(cut -d' ' -f1 /proc/loadavg)
  a1=$(one $ja); b1=$(one $jb); b2=$(one $jb); a2=$(one $ja)
  echo "round $i load $l | $ja $a1 $a2 | $jb $b1 $b2 | B-A $(( (b1+b2-a1-a2)/2 )) ms"
done
