#!/usr/bin/env bash
# ab.sh N jarA jarB ["flagsA" "flagsB"]: alternating pairs of lint's JVM alone, perf stat task-clock/page-faults
n=$1; ja=$2; jb=$3; fa=${4:-}; fb=${5:-}
one() { local j=$1; shift; perf stat -x, -e task-clock,page-faults /tmp/lint-cpu/r43/lintjvm.sh $j "$@" 2>&1 >/dev/null | awk -F, '/task-clock/{t=$1} /page-faults/{p=$1} END{printf "%.0f ms %d faults", t, p}'; }
for i in $(seq $n); do
  l=$(cut -d' ' -f1 /proc/loadavg)
  a=$(one $ja $fa); b=$(one $jb $fb)
  echo "pair $i load $l | A[$ja $fa] $a | B[$jb $fb] $b"
done
