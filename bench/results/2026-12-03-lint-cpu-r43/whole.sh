#!/usr/bin/env bash
# whole.sh N: java -jar JAR lint -q one.sql (both JVMs), A and B alternating; CPU = user + sys (/usr/bin/time)
cd /tmp/lint-cpu/r43/work
one() { SQL_GUARD_CACHE_DIR=/tmp/lint-cpu/r43/cache-$1 /usr/bin/time -f '%U %S %e' -o /tmp/lint-cpu/r43/t.$1 java -jar /tmp/lint-cpu/r43/$1.jar lint -q one.sql >/dev/null 2>&1; awk '{printf "%.2f s CPU / %.2f s wall", $1+$2, $3}' /tmp/lint-cpu/r43/t.$1; }
for i in $(seq $1); do l=$(cut -d' ' -f1 /proc/loadavg); if (( i % 2 )); then a=$(one A); b=$(one B); else b=$(one B); a=$(one A); fi; echo "pair $i load $l | A $a | B $b"; done
