#!/usr/bin/env bash
# direct.sh J: java -jar J.jar lint -q one.sql (both JVMs of the fast start), its own cache
j=$1; shift
cd /tmp/r55/work
SQL_GUARD_CACHE_DIR=/tmp/r55/cache-$j exec java "$@" -jar /tmp/r55/$j.jar lint -q one.sql
