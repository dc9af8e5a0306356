#!/usr/bin/env bash
# ab.sh N "flagsA" "flagsB" [jarA jarB]: alternating pairs of lint's JVM alone, perf stat task-clock/page-faults
n=$1; fa=$2; fb=$3; ja=${4:-A}; jb=${5:-A}
one() { local j=$1; shift; perf stat -x, -e task-clock,page-faults /tmp/lint-fast/lintjvm.sh $j "$@" 2>&1 >/dev/null | awk -F, '/task-clock/{t=$1} /page-faults/{p=$1} END{printf "%.0f ms %d faults", t, p}'; }
for i in $(seq $n); do
  l=$(cut -d' ' -f1 /proc/loadavg)
  a=$(one $ja $fa); b=$(one $jb $fb)
  echo "pair $i load $l | A[$ja $fa] $a | B[$jb $fb] $b"
done
