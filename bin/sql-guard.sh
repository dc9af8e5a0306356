#!/usr/bin/env bash
# Flink's stock SQL Client, connected to a guarded SQL Gateway.
#
#   bin/sql-guard.sh [--endpoint HOST:PORT] [SQL Client options, e.g. -f script.sql]
#
# Default endpoint: 127.0.0.1:8083 (bin/sql-guard-gateway.sh). A statement the guard blocks shows as
# the statement's error, with the rule id, the reason, the plan node and the fix.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

ENDPOINT="127.0.0.1:8083"
ARGS=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --endpoint|-e) ENDPOINT="$2"; shift 2 ;;
    -h|--help) sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) ARGS+=("$1"); shift ;;
  esac
done

sql_guard_build
export FLINK_CONF_DIR="${FLINK_CONF_DIR:-$SQL_GUARD_HOME/conf}"
LOG_DIR="${SQL_GUARD_LOG_DIR:-$SQL_GUARD_HOME/log}"
mkdir -p "$LOG_DIR"

exec java ${JVM_ARGS:-} "${JVM_OPENS[@]}" \
  -Dlogback.configurationFile="$FLINK_CONF_DIR/logback-client.xml" \
  -Dsql-guard.log.dir="$LOG_DIR" \
  -cp "$(sql_guard_classpath client-hook)" \
  org.apache.flink.table.client.SqlClient gateway --endpoint "$ENDPOINT" ${ARGS[@]+"${ARGS[@]}"}
