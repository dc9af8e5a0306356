#!/usr/bin/env bash
# corpusf.sh LABEL JAR [java opts]: the case corpus's JSON report with JAR and the given JVM options
label=$1; j=$2; shift 2
cd /work/wt-lint-cpu
l0=$(cut -d' ' -f1 /proc/loadavg)
SQL_GUARD_CACHE_DIR=/tmp/lint-cpu/r43/cache-$j /usr/bin/time -f '%U %S %e' -o /tmp/lint-cpu/r43/corpus-$label.time java "$@" -jar /tmp/lint-cpu/r43/$j.jar lint -j 1 --format json -o /tmp/lint-cpu/r43/corpus-$label.json gateway-interceptor/src/test/resources/cases 2>/tmp/lint-cpu/r43/corpus-$label.err
echo "$label rc=$? time(user sys wall)=$(cat /tmp/lint-cpu/r43/corpus-$label.time) load $l0 / $(cut -d' ' -f1 /proc/loadavg)" >> /tmp/lint-cpu/r43/corpus-runs.txt
