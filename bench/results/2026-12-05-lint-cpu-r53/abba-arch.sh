#!/usr/bin/env bash
# abba-arch.sh N ARCHIVE_A ARCHIVE_B [java opts]: N rounds of A B B A of lint's JVM alone (jar A) mapping archive A or B; perf stat task-clock ms; per round (B1+B2-A1-A2)/2
n=$1; xa=$2; xb=$3; shift 3
one() { perf stat -x, -e task-clock /tmp/r53/lintjvm.sh A "$@" 2>&1 >/dev/null | awk -F, '/task-clock/{printf "%.0f", $1}'; }
for i in $(seq $n); do
  l=$(cut -d' ' -f1 /proc/loadavg)
  a1=$(one $xa "$@"); b1=$(one $xb "$@"); b2=$(one $xb "$@"); a2=$(one $xa "$@")
  echo "round $i load $l | A $a1 $a2 | B $b1 $b2 | B-A $(( (b1+b2-a1-a2)/2 )) ms"
done
