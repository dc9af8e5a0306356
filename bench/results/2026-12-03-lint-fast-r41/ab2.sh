#!/usr/bin/env bash
# ab2.sh N "flagsA" "flagsB" jarA jarB: alternating pairs of lint's JVM alone; perf stat task-clock, page faults, user, sys
n=$1; fa=$2; fb=$3; ja=${4:-A}; jb=${5:-A}
one() { local j=$1; shift; perf stat -e task-clock,page-faults $(if [ $j = C ]; then echo /tmp/lint-fast/lintjvmC.sh; else echo /tmp/lint-fast/lintjvm.sh $j; fi) "$@" 2>&1 >/dev/null | awk '/task-clock/{t=$1} /page-faults/{p=$1} / user/{u=$1} / sys/{s=$1} END{printf "%.0f ms %s faults (user %.2f sys %.2f)", t, p, u, s}'; }
for i in $(seq $n); do
  l=$(cut -d' ' -f1 /proc/loadavg)
  a=$(one $ja $fa); b=$(one $jb $fb)
  echo "| $i | $l | $a | $b |"
done
