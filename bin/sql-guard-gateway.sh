#!/usr/bin/env bash
# Starts the guarded Flink SQL Gateway in the foreground, like Flink's bin/sql-gateway.sh start-foreground.
#
#   bin/sql-guard-gateway.sh [-Dkey=value ...]
#
# Configuration: $FLINK_CONF_DIR/config.yaml (default: conf/ of this project), overridden by -Dkey=value.
# Logging: $FLINK_CONF_DIR/logback.xml, or this project's conf/logback.xml when that directory has none.
# Default: REST on 127.0.0.1:8083, jobs in a local MiniCluster. Logs and the audit file go to log/
# (SQL_GUARD_LOG_DIR to change it).
# The script's own directory, through a symlink to it (sql-guard.sh linked into a directory on PATH).
source "$(dirname "$(readlink -f "${BASH_SOURCE[0]}" 2>/dev/null || printf '%s' "${BASH_SOURCE[0]}")")/common.sh"

if [[ "${1:-}" == "-h" || "${1:-}" == "--help" ]]; then
  sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
  exit 0
fi

sql_guard_build
export FLINK_CONF_DIR="${FLINK_CONF_DIR:-$SQL_GUARD_HOME/conf}"
LOG_DIR="${SQL_GUARD_LOG_DIR:-$SQL_GUARD_HOME/log}"
mkdir -p "$LOG_DIR"
# A configuration directory with only a config.yaml (conf/deployments/*) keeps the audit file: the
# project's Logback configuration writes it.
LOGBACK="$FLINK_CONF_DIR/logback.xml"
[[ -f "$LOGBACK" ]] || LOGBACK="$SQL_GUARD_HOME/conf/logback.xml"

echo "Flink SQL Guard: configuration $FLINK_CONF_DIR/config.yaml, logging $LOGBACK, logs and audit in $LOG_DIR" >&2
exec java ${JVM_ARGS:--Xmx2g} "${JVM_OPENS[@]}" \
  -Dlogback.configurationFile="$LOGBACK" \
  -Dsql-guard.log.dir="$LOG_DIR" \
  -cp "$(sql_guard_classpath)" \
  org.apache.flink.table.gateway.SqlGateway "$@"
