#!/usr/bin/env bash
# abba-wall.sh N "OPTS_A" "OPTS_B": as abba.sh, with each run's task-clock and wall (ms)
n=$1; oa=$2; ob=$3
one() { perf stat -x, -e task-clock /tmp/r52/lintjvm.sh ${J:-A} $1 2>&1 >/dev/null | awk -F, '/task-clock/{printf "%.0f/%.0f", $1, $1/$6}'; }
for i in $(seq $n); do
  l=$(cut -d' ' -f1 /proc/loadavg)
  echo "round $i load $l | A $(one "$oa") $(one "$ob" | sed 's/^/B /') $(one "$ob" | sed 's/^/B /') A $(one "$oa")"
done
