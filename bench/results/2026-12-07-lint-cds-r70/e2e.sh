#!/usr/bin/env bash
# e2e.sh LABEL: one bin/sql-guard.sh lint -q one.sql with the r70 jar and cache70; prints cpu wall rc, stderr lines, cache listing
export SQL_GUARD_CACHE_DIR=/tmp/lintcds/cache70 SQL_GUARD_CLI_JAR=/tmp/lintcds/r70.jar FLINK_CONF_DIR=/tmp/lintcds/conf SQL_GUARD_LOG_DIR=/tmp/lintcds/log
cd /tmp/lintcds
before=$(cut -d' ' -f1 /proc/loadavg)
/usr/bin/time -f '%U %S %e' -o /tmp/lintcds/e2e.t /work/wt-lintcds/bin/sql-guard.sh lint -q one.sql > e2e.out 2> e2e.err; rc=$?
read -r u s w < e2e.t
echo "== $1: cpu $(echo "$u + $s" | bc) wall $w rc=$rc load $before; report $(md5sum < e2e.out | cut -c1-8) ($(tail -1 e2e.out)); stderr:"; cat e2e.err
ls cache70 | sed 's/^/   /'
