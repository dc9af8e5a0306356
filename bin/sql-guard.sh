#!/usr/bin/env bash
# Flink SQL Guard command line.
#
#   bin/sql-guard.sh client [--endpoint HOST:PORT] [--user NAME] [-f script.sql] [-i init.sql] [-D key=value] [--jar FILE]...
#       Flink's SQL Client with the guard's advisories. Without --endpoint: an embedded guarded
#       gateway with local execution (policy from $FLINK_CONF_DIR/config.yaml, default conf/).
#   bin/sql-guard.sh lint [--format text|json|sarif|github] [--fail-on BLOCK|WARN|INFO|NONE] [--jar FILE]... [-i init.sql]... [FILE|DIR...]
#       The guard's verdict on every statement of SQL scripts, without running jobs (sql-guard.yaml: see docs/user-guide/lint.md);
#       [--since GIT-REF] [--baseline REPORT]: only what changed since a revision, or what a report does not list.
#   bin/sql-guard.sh compare [--format text|json|markdown] OLD.json NEW.json
#       What differs per statement between two lint JSON reports, e.g. Flink 1.20's and 2.3's (an upgrade report).
#   bin/sql-guard.sh jobs --gateway HOST:PORT [--format text|json]
#       The jobs a guarded gateway let through, with verdict, findings and observed state (docs/operations/observed-state.md).
#   bin/sql-guard.sh help [client|lint|compare|jobs]
#
# Arguments that do not start with a subcommand go to 'client' (bin/sql-guard.sh -f script.sql).
# Runs the CLI jar (java -jar): $SQL_GUARD_CLI_JAR, or this checkout's for the Flink line
# $SQL_GUARD_FLINK_LINE (2.3 by default; 1.20), built with Maven on first run.
# The script's own directory, through a symlink to it (sql-guard.sh linked into a directory on PATH).
source "$(dirname "$(readlink -f "${BASH_SOURCE[0]}" 2>/dev/null || printf '%s' "${BASH_SOURCE[0]}")")/common.sh"

case "${1:-}" in
  client|lint|compare|jobs|help|-h|--help|-V|--version) ;;
  *) set -- client "$@" ;;
esac

JAR="$(sql_guard_cli_jar)"
export FLINK_CONF_DIR="${FLINK_CONF_DIR:-$SQL_GUARD_HOME/conf}"
LOG_DIR="${SQL_GUARD_LOG_DIR:-$SQL_GUARD_HOME/log}"
mkdir -p "$LOG_DIR"

# The jar's manifest carries the --add-opens Flink needs; logging goes to files under $LOG_DIR. 'lint'
# runs with C1 only, Serial GC and a class-data archive (Java 25+: an AOT cache) written by its first run (lint's fast start,
# docs/user-guide/cli-jar.md; SQL_GUARD_FAST_START=false: off): the first run starts a second JVM with
# these options and writes them to a launch file, from which later runs start lint's one JVM directly
# (java @file; JVM_ARGS come after them, so they win).
FAST_START=()
# A small run of lint (FastStart#smallRun, which decides the same for java -jar): no argument names a
# directory, at least one names a file, and the files named hold at most SMALL_RUN_BYTES together (the
# same number as FastStart.SMALL_RUN_BYTES); it starts with the options of the small-run launch file
# beside the launch file (C1's thresholds raised: a short run ends before most compilations pay).
SMALL_RUN_BYTES=4096
small_run() {
  local bytes=0 file=false arg size
  for arg in "$@"; do
    if [[ -d "$arg" ]]; then
      return 1
    elif [[ -f "$arg" ]]; then
      file=true
      size="$(wc -c < "$arg" 2>/dev/null)" || return 1
      bytes=$((bytes + size))
    fi
  done
  [[ "$file" == true ]] && (( bytes <= SMALL_RUN_BYTES ))
}
# lint's records of the statements it judged go to a file of their own, not into a gateway's audit
# (conf/logback-client.xml; docs/operations/audit.md, "Where it goes"), and its log file keeps warnings and
# errors only (conf/logback-client.xml's sql-guard.log.level; a -D of it in JVM_ARGS wins): lint's output is
# its report, not the INFO lines of Flink's planner start.
AUDIT_FILE=()
LOG_LEVEL=()
if [[ "${1:-}" == lint ]]; then
  AUDIT_FILE=("-Dsql-guard.audit.file=$LOG_DIR/sql-guard-lint-audit.jsonl")
  LOG_LEVEL=("-Dsql-guard.log.level=WARN")
fi
if [[ "${1:-}" == lint && "${SQL_GUARD_FAST_START:-}" != false && " ${JVM_ARGS:-} " != *" -Dsql-guard.fast-start=false "* ]]; then
  cache="${SQL_GUARD_CACHE_DIR:-}"
  [[ -n "$cache" ]] || cache="${XDG_CACHE_HOME:+$XDG_CACHE_HOME/sql-guard}"
  [[ -n "$cache" ]] || cache="$HOME/.cache/sql-guard"
  # One launch file per jar and java: its options differ by Java version (a static CDS archive up to
  # Java 24, an AOT cache from 25, whose options an older JVM refuses to start with).
  java_bin="$(command -v java || true)"
  java_bin="$(readlink -f "$java_bin" 2>/dev/null || printf '%s' "$java_bin")"
  launch="$cache/launch-$(printf '%s\n%s' "$JAR" "$java_bin" | cksum | cut -d' ' -f1).args"
  FAST_START=("-Dsql-guard.fast-start.launch-file=$launch")
  # A launch file whose archive is gone (deleted by a plain java -jar that could not map it, UnmappedArchive, or by
  # hand) is dropped here, before a JVM runs with it: that JVM would run with no archive at all, not even the JDK's
  # (two to three times the CPU), and only then drop it. The jar's two JVMs below write the archive and the launch
  # file again. Its line is FastStart#writeArgumentFile's: the option quoted, a backslash before \ and ".
  if [[ -f "$launch" ]]; then
    archive="$(sed -n -E '/^"-Dsql-guard\.fast-start\.archive=/{s/^"-Dsql-guard\.fast-start\.archive=(.*)"$/\1/;s/\\(.)/\1/g;p;q}' "$launch")"
    if [[ -n "$archive" && ! -f "$archive" ]]; then
      rm -f "$launch"
    fi
  fi
  # The launch file sizes the heap (FastStart.HEAP); JVM_ARGS that size it themselves could not follow
  # it (-Xmx below its -Xms stops the JVM), so then lint starts through the jar's two JVMs, whose first
  # leaves the heap flags out.
  if [[ -f "$launch" && " ${JVM_ARGS:-} " != *" -Xm"[sxn]* && " ${JVM_ARGS:-}" != *HeapSize* \
        && " ${JVM_ARGS:-}" != *NewSize* && " ${JVM_ARGS:-}" != *NewRatio* && " ${JVM_ARGS:-}" != *MaxRAM* ]]; then
    FAST_START=("@$launch" "${FAST_START[@]}")
    small="${launch%.args}.small.args"
    if [[ -f "$small" ]] && small_run "${@:2}"; then
      FAST_START=("@$launch" "@$small" "${FAST_START[@]:1}")
    fi
  fi
fi
exec java ${FAST_START[@]+"${FAST_START[@]}"} ${LOG_LEVEL[@]+"${LOG_LEVEL[@]}"} ${JVM_ARGS:-} \
  -Dlogback.configurationFile="$FLINK_CONF_DIR/logback-client.xml" \
  -Dsql-guard.log.dir="$LOG_DIR" ${AUDIT_FILE[@]+"${AUDIT_FILE[@]}"} \
  -Dsql-guard.command=bin/sql-guard.sh \
  -jar "$JAR" "$@"
