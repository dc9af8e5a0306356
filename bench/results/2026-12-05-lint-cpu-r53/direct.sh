#!/usr/bin/env bash
# direct.sh J: one run of java -jar J.jar lint -q one.sql, jar J's cache
j=$1; shift
cd /tmp/r53/work
SQL_GUARD_CACHE_DIR=/tmp/r53/cache-$j exec java -jar /tmp/r53/$j.jar lint -q ${SCRIPT:-one.sql}
