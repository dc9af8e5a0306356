#!/usr/bin/env bash
# abbaw.sh N jarA jarB: N rounds of A B B A of the whole `java -jar JAR lint -q one.sql` (both JVMs; perf stat task-clock counts children)
n=$1; ja=$2; jb=$3
cd /tmp/lint-cpu/r43/work
one() { SQL_GUARD_CACHE_DIR=/tmp/lint-cpu/r43/cache-$1 perf stat -x, -e task-clock java -jar /tmp/lint-cpu/r43/$1.jar lint -q one.sql 2>&1 >/dev/null | awk -F, '/task-clock/{printf "%.0f", $1}'; }
for i in $(seq $n); do
  l=$(cut -d' ' -f1 /proc/loadavg)
  a1=$(one $ja); b1=$(one $jb); b2=$(one $jb); a2=$(one $ja)
  echo "round $i load $l | $ja $a1 $a2 | $jb $b1 $b2 | B-A $(( (b1+b2-a1-a2)/2 )) ms"
done
