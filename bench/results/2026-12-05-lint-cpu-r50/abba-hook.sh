#!/usr/bin/env bash
# abba-hook.sh N A B: N rounds of A B B A of hook.sh (perf stat task-clock, ms, the whole process tree); per round (B1+B2-A1-A2)/2
n=$1; a=$2; b=$3
one() { perf stat -x, -e task-clock /tmp/r50/hook.sh $1 2>&1 >/dev/null | awk -F, '/task-clock/{printf "%.0f", $1}'; }
for i in $(seq $n); do
  l=$(cut -d' ' -f1 /proc/loadavg)
  a1=$(one "$a"); b1=$(one "$b"); b2=$(one "$b"); a2=$(one "$a")
  echo "round $i load $l | $a $a1 $a2 | $b $b1 $b2 | B-A $(( (b1+b2-a1-a2)/2 )) ms"
done
