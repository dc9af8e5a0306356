#!/usr/bin/env bash
# Flink SQL Guard command line.
#
#   bin/sql-guard.sh client [--endpoint HOST:PORT] [--user NAME] [-f script.sql] [-i init.sql] [-D key=value] [--jar FILE]...
#       Flink's SQL Client with the guard's advisories. Without --endpoint: an embedded guarded
#       gateway with local execution (policy from $FLINK_CONF_DIR/config.yaml, default conf/).
#   bin/sql-guard.sh lint [--format text|json|sarif|github] [--fail-on BLOCK|WARN|INFO|NONE] [--jar FILE]... [-i init.sql]... [FILE|DIR...]
#       The guard's verdict on every statement of SQL scripts, without running jobs (sql-guard.yaml: see docs/user-guide/lint.md).
#   bin/sql-guard.sh help [client|lint]
#
# Arguments that do not start with a subcommand go to 'client' (bin/sql-guard.sh -f script.sql).
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

case "${1:-}" in
  client|lint|help|-h|--help|-V|--version) ;;
  *) set -- client "$@" ;;
esac

sql_guard_build
export FLINK_CONF_DIR="${FLINK_CONF_DIR:-$SQL_GUARD_HOME/conf}"
LOG_DIR="${SQL_GUARD_LOG_DIR:-$SQL_GUARD_HOME/log}"
mkdir -p "$LOG_DIR"

exec java ${JVM_ARGS:-} "${JVM_OPENS[@]}" \
  -Dlogback.configurationFile="$FLINK_CONF_DIR/logback-client.xml" \
  -Dsql-guard.log.dir="$LOG_DIR" \
  -cp "$(sql_guard_classpath)" \
  io.github.sqlguard.cli.SqlGuardCommand "$@"
