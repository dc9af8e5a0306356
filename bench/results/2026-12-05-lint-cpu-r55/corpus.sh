#!/usr/bin/env bash
# corpus.sh J: java -jar J.jar lint --format json of main's case corpus (shared-cases and cases), report to corpus-J.json, stderr to corpus-J.err, exit code and times
j=$1; c=/work/main/gateway-interceptor/src/test/resources
cd /tmp/r55/work
SQL_GUARD_CACHE_DIR=/tmp/r55/cache-$j /usr/bin/time -f "$j cpu %U+%S wall %e" -o /tmp/r55/corpus-$j.time java -jar /tmp/r55/$j.jar lint -q --format json -o /tmp/r55/corpus-$j.json $c/shared-cases $c/cases 2> /tmp/r55/corpus-$j.err
echo "$j exit $?" >> /tmp/r55/corpus-$j.time
