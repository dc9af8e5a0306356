#!/usr/bin/env bash
# hook.sh J [JVM_ARGS...]: one run of bin/sql-guard.sh lint -q one.sql (the pre-commit hook's path) with jar J, its cache and its script
j=$1; shift
cd /tmp/r53/work
SQL_GUARD_CACHE_DIR=/tmp/r53/cache-$j SQL_GUARD_CLI_JAR=/tmp/r53/$j.jar FLINK_CONF_DIR=/tmp/r53/conf SQL_GUARD_LOG_DIR=/tmp/r53/log-$j JVM_ARGS="$*" exec /tmp/r53/binC/sql-guard.sh lint -q ${SCRIPT:-one.sql}
