#!/usr/bin/env bash
# corpus.sh LABEL: the case corpus's JSON report with jar LABEL (its own cache, archive written), as round 43's corpus.sh
label=$1
cd /work/wt-lintcpu
l0=$(cut -d' ' -f1 /proc/loadavg)
SQL_GUARD_CACHE_DIR=/tmp/lintcpu/cache-$label /usr/bin/time -f '%U %S %e' -o /tmp/lintcpu/corpus-$label.time java -jar /tmp/lintcpu/$label.jar lint -j 1 --format json -o /tmp/lintcpu/corpus-$label.json gateway-interceptor/src/test/resources/shared-cases gateway-interceptor/src/test/resources/cases 2>/tmp/lintcpu/corpus-$label.err
echo "$label rc=$? time(user sys wall)=$(cat /tmp/lintcpu/corpus-$label.time) load $l0 / $(cut -d' ' -f1 /proc/loadavg)" >> /tmp/lintcpu/corpus-runs.txt
