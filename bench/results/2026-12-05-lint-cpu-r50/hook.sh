#!/usr/bin/env bash
# hook.sh CACHE [JVM_ARGS...]: one run of bin/sql-guard.sh lint -q one.sql (the pre-commit hook's path, launch file written), jar of the cache label
c=$1; shift
cd /tmp/r50/work
SQL_GUARD_CACHE_DIR=/tmp/r50/cache-$c SQL_GUARD_CLI_JAR=/tmp/r50/${JAR:-${c:0:1}}.jar FLINK_CONF_DIR=/tmp/r50/conf SQL_GUARD_LOG_DIR=/tmp/r50/log-$c JVM_ARGS="$*" exec /work/wt-lintcpu/bin/sql-guard.sh lint -q one.sql
