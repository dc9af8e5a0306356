#!/usr/bin/env bash
# ab.sh N LABEL JAR_A JAR_B [extra java opts...]: N pairs, alternating, one.sql; prints rows
n=$1; shift; a=$1; b=$2; shift 2
cd /tmp/lintspeed/work
for i in $(seq 1 $n); do
  for j in $a $b; do
    l0=$(cut -d' ' -f1 /proc/loadavg)
    SQL_GUARD_CACHE_DIR=/tmp/lintspeed/cache-$j /usr/bin/time -f "%U %S %e" -o /tmp/lintspeed/t java "$@" -jar /tmp/lintspeed/$j.jar lint -q one.sql >/dev/null 2>/tmp/lintspeed/err || true
    read u s w < <(tail -1 /tmp/lintspeed/t)
    printf '| %d | %s | %.2f | %.2f | %s / %s |\n' $i $j $(echo "$u + $s" | bc) $w $l0 $(cut -d' ' -f1 /proc/loadavg)
  done
done
