#!/usr/bin/env bash
# hook.sh J [JVM_ARGS]: bin/sql-guard.sh lint -q one.sql with jar J, its own cache and log directory (as bench/lint-goals.sh)
j=$1; shift
cd /tmp/r55/work
SQL_GUARD_CACHE_DIR=/tmp/r55/cache-$j SQL_GUARD_CLI_JAR=/tmp/r55/$j.jar FLINK_CONF_DIR=/tmp/r55/conf SQL_GUARD_LOG_DIR=/tmp/r55/log-$j JVM_ARGS="$*" /work/wt-lintcpu/bin/sql-guard.sh lint -q one.sql
