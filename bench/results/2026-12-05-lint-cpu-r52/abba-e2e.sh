#!/usr/bin/env bash
# abba-e2e.sh N PATH A B: N rounds of A B B A of PATH (hook.sh or direct.sh) with jars A and B (perf stat task-clock ms of the process tree, and wall ms); per round (B1+B2-A1-A2)/2
n=$1; p=$2; a=$3; b=$4
one() { perf stat -x, -e task-clock /tmp/r52/$p $1 2>&1 >/dev/null | awk -F, '/task-clock/{printf "%.0f", $1}'; }
for i in $(seq $n); do
  l=$(cut -d' ' -f1 /proc/loadavg)
  a1=$(one "$a"); b1=$(one "$b"); b2=$(one "$b"); a2=$(one "$a")
  echo "round $i load $l | $a $a1 $a2 | $b $b1 $b2 | B-A $(( (b1+b2-a1-a2)/2 )) ms"
done
