#!/usr/bin/env bash
# abbas.sh N JAR SCRIPT_A SCRIPT_B: N rounds of A B B A on one jar, two scripts (lint's JVM alone, perf stat task-clock)
n=$1; j=$2; sa=$3; sb=$4
one() { SCRIPT=$1 perf stat -x, -e task-clock /tmp/lint-cpu/r43/lintjvm.sh $j 2>&1 >/dev/null | awk -F, '/task-clock/{printf "%.0f", $1}'; }
for i in $(seq $n); do
  l=$(cut -d' ' -f1 /proc/loadavg)
  a1=$(one $sa); b1=$(one $sb); b2=$(one $sb); a2=$(one $sa)
  echo "round $i load $l | $sa $a1 $a2 | $sb $b1 $b2 | B-A $(( (b1+b2-a1-a2)/2 )) ms"
done
