#!/usr/bin/env bash
# abba.sh ROUNDS LABEL_A "CMD A" LABEL_B "CMD B": task-clock (perf stat) of A B B A rounds, load per round, B − A per round
n=$1; la=$2; ca=$3; lb=$4; cb=$5
tc() { perf stat -x, -e task-clock -o /tmp/r55/tc.$$ -- bash -c "$1" >/dev/null 2>&1; grep task-clock /tmp/r55/tc.$$ | cut -d, -f1 | cut -d. -f1; }
for r in $(seq 1 $n); do
  l=$(cut -d' ' -f1 /proc/loadavg)
  a1=$(tc "$ca"); b1=$(tc "$cb"); b2=$(tc "$cb"); a2=$(tc "$ca")
  echo "round $r load $l: $la $a1 $a2 | $lb $b1 $b2 | B-A $(( (b1+b2-a1-a2)/2 )) ms"
done
