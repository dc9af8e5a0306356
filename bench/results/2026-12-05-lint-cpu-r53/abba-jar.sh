#!/usr/bin/env bash
# abba-jar.sh N JA JB: N rounds of A B B A of lint's JVM alone with jar JA (its cache's archive) or JB; perf stat task-clock ms
n=$1; ja=$2; jb=$3; shift 3
one() { perf stat -x, -e task-clock /tmp/r53/lintjvm.sh $1 $(ls /tmp/r53/cache-$1/*.jsa) "${@:2}" 2>&1 >/dev/null | awk -F, '/task-clock/{printf "%.0f", $1}'; }
for i in $(seq $n); do
  l=$(cut -d' ' -f1 /proc/loadavg)
  a1=$(one $ja "$@"); b1=$(one $jb "$@"); b2=$(one $jb "$@"); a2=$(one $ja "$@")
  echo "round $i load $l | $ja $a1 $a2 | $jb $b1 $b2 | B-A $(( (b1+b2-a1-a2)/2 )) ms"
done
