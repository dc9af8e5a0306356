#!/usr/bin/env bash
# corpus.sh J: java -jar J.jar lint --format json of the repository's case corpus (shared-cases and cases), report to corpus-J.json, stderr to corpus-J.err, exit code and times
j=$1; c=/work/wt-lintcpu/gateway-interceptor/src/test/resources
cd /tmp/r54/work
SQL_GUARD_CACHE_DIR=/tmp/r54/cache-$j /usr/bin/time -f "$j cpu %U+%S wall %e" -o /tmp/r54/corpus-$j.time java -jar /tmp/r54/$j.jar lint -q --format json -o /tmp/r54/corpus-$j.json $c/shared-cases $c/cases 2> /tmp/r54/corpus-$j.err
echo "$j exit $?" >> /tmp/r54/corpus-$j.time
