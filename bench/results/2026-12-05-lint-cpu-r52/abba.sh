#!/usr/bin/env bash
# abba.sh N "OPTS_A" "OPTS_B": N rounds of A B B A of lint's JVM alone (lintjvm.sh, jar A), perf stat task-clock ms; per round (B1+B2-A1-A2)/2
n=$1; oa=$2; ob=$3
one() { perf stat -x, -e task-clock /tmp/r52/lintjvm.sh ${J:-A} $1 2>&1 >/dev/null | awk -F, '/task-clock/{printf "%.0f", $1}'; }
for i in $(seq $n); do
  l=$(cut -d' ' -f1 /proc/loadavg)
  a1=$(one "$oa"); b1=$(one "$ob"); b2=$(one "$ob"); a2=$(one "$oa")
  echo "round $i load $l | A $a1 $a2 | B $b1 $b2 | B-A $(( (b1+b2-a1-a2)/2 )) ms"
done
