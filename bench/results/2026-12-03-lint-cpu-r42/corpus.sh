#!/usr/bin/env bash
# corpus.sh LABEL CACHE [java opts]: the case corpus's JSON report with the X jar
label=$1; cache=$2; shift 2
cd /work/wt-lint-cpu
l0=$(cut -d' ' -f1 /proc/loadavg)
SQL_GUARD_CACHE_DIR=/tmp/lint-cpu/$cache /usr/bin/time -f '%U %S %e' -o /tmp/lint-cpu/corpus-$label.time java "$@" -jar /tmp/lint-cpu/$JAR.jar lint -j 1 --format json -o /tmp/lint-cpu/corpus-$label.json gateway-interceptor/src/test/resources/cases 2>/tmp/lint-cpu/corpus-$label.err
echo "$label rc=$? time(user sys wall)=$(cat /tmp/lint-cpu/corpus-$label.time) load $l0 / $(cut -d' ' -f1 /proc/loadavg)" >> /tmp/lint-cpu/corpus-runs.txt
