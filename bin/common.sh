#!/usr/bin/env bash
# Shared by the launchers: locate the project, build it on first run, assemble the Java command.
set -euo pipefail

SQL_GUARD_HOME="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export SQL_GUARD_HOME

# Flink needs these opens on Java 17 (as in Flink's own bin/config.sh).
JVM_OPENS=(
  --add-opens=java.base/java.lang=ALL-UNNAMED
  --add-opens=java.base/java.util=ALL-UNNAMED
  --add-opens=java.base/java.util.concurrent=ALL-UNNAMED
  --add-opens=java.base/java.net=ALL-UNNAMED
  --add-opens=java.base/java.io=ALL-UNNAMED
  --add-opens=java.base/java.nio=ALL-UNNAMED
  --add-opens=java.base/sun.nio.ch=ALL-UNNAMED
  --add-opens=java.base/java.lang.reflect=ALL-UNNAMED
  --add-opens=java.base/java.text=ALL-UNNAMED
  --add-opens=java.base/java.time=ALL-UNNAMED
  --add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED
  --add-opens=java.base/java.util.concurrent.locks=ALL-UNNAMED
  --add-opens=java.base/java.math=ALL-UNNAMED
  --add-opens=java.base/java.lang.invoke=ALL-UNNAMED
  --add-opens=java.sql/java.sql=ALL-UNNAMED
)

# Runs Maven in the checkout with its output kept aside: printed (to stderr) only when the build
# fails. Maven 3.8's quiet batch mode still writes bare colour resets (ESC[0m) on success, which would
# otherwise reach the user's terminal or the hook's output before the launcher's own.
sql_guard_mvn() {
  local log status=0
  log="$(mktemp "${TMPDIR:-/tmp}/sql-guard-build.XXXXXX")"
  (cd "$SQL_GUARD_HOME" && mvn "$@") >"$log" 2>&1 || status=$?
  if [[ $status -ne 0 ]]; then
    cat "$log" >&2
    rm -f "$log"
    echo "The build failed (mvn $*)." >&2
    exit "$status"
  fi
  rm -f "$log"
}

# The line a launcher prints before it builds: $1 what it builds, $2 the Flink version it builds against, $3
# "rebuild" when an earlier build is there (a source file changed since). It says that Flink is downloaded only
# when it will be: Flink's planner of that version is not in the local Maven repository (~/.m2/repository, or
# settings.xml's localRepository).
sql_guard_build_line() {
  local what="$1" version="$2" again="${3:-}" repo="$HOME/.m2/repository" settings="$HOME/.m2/settings.xml" own
  if [[ -f "$settings" ]]; then
    own="$(sed -n 's:.*<localRepository>\(.*\)</localRepository>.*:\1:p' "$settings" | head -n 1)"
    [[ -z "$own" ]] || repo="${own/#\~/$HOME}"
  fi
  local verb="Building" why=""
  if [[ "$again" == rebuild ]]; then
    verb="Rebuilding"
    why=" (a source file changed since the last build)"
  fi
  if [[ ! -d "$repo/org/apache/flink/flink-table-planner_2.12/$version" ]]; then
    why=" (downloads Flink $version from Maven Central first)"
  fi
  echo "$verb $what$why..." >&2
}

# The Flink version of line $1 (2.3, 1.20) in the project's pom.xml.
sql_guard_flink_version() {
  if [[ "$1" == "2.3" ]]; then
    sed -n 's:.*<flink.version>\(.*\)</flink.version>.*:\1:p' "$SQL_GUARD_HOME/pom.xml" | head -n 1
  else
    sed -n "s:.*<flink-$1.version>\\(.*\\)</flink-$1.version>.*:\\1:p" "$SQL_GUARD_HOME/pom.xml" | head -n 1
  fi
}

# Builds the modules and writes client-hook's runtime classpath (the guard, Flink, Logback) on first
# run, or when a source file is newer than the build.
sql_guard_build() {
  local stamp="$SQL_GUARD_HOME/client-hook/target/classpath.txt"
  if [[ -f "$stamp" ]] && [[ -z "$(find "$SQL_GUARD_HOME" -path '*/src/main/*' -newer "$stamp" -print -quit)" ]] \
      && [[ "$SQL_GUARD_HOME/pom.xml" -ot "$stamp" ]]; then
    return 0
  fi
  command -v mvn >/dev/null || { echo "Maven (mvn) is needed to build Flink SQL Guard on first run." >&2; exit 1; }
  sql_guard_build_line "Flink SQL Guard" "$(sql_guard_flink_version 2.3)" "$([[ -f "$stamp" ]] && echo rebuild)"
  sql_guard_mvn -q -B -ntp -DskipTests -pl gateway-interceptor,client-hook -am package dependency:build-classpath \
      -DincludeScope=runtime -Dmdep.outputFile=target/classpath.txt
}

# The classpath of both launchers: client-hook's jar and its runtime dependencies, which are the
# guard's jar, Flink (gateway, planner, runtime, SQL Client) and Logback, the launchers' backend.
sql_guard_classpath() {
  local jar
  jar="$(ls "$SQL_GUARD_HOME"/client-hook/target/flink-sql-guard-*.jar | grep -v -e '-sources\.jar$' -e '-tests\.jar$' | head -n1)"
  echo "$jar:$(cat "$SQL_GUARD_HOME/client-hook/target/classpath.txt")"
}

# The runnable CLI jar (dist/target/flink-sql-guard-cli-<version>-flink-<line>.jar) of the Flink line
# $SQL_GUARD_FLINK_LINE (2.3 by default, or 1.20): $SQL_GUARD_CLI_JAR when set (a downloaded jar: no
# checkout build, no Maven), else this checkout's, built with Maven on first run or when a source file
# is newer than the jar.
sql_guard_cli_jar() {
  if [[ -n "${SQL_GUARD_CLI_JAR:-}" ]]; then
    [[ -f "$SQL_GUARD_CLI_JAR" ]] || { echo "SQL_GUARD_CLI_JAR: no such file: $SQL_GUARD_CLI_JAR" >&2; exit 1; }
    echo "$SQL_GUARD_CLI_JAR"
    return 0
  fi
  local line="${SQL_GUARD_FLINK_LINE:-2.3}" jar profile=()
  [[ "$line" == "2.3" ]] || profile=("-Pflink-$line")
  jar="$(ls "$SQL_GUARD_HOME"/dist/target/flink-sql-guard-cli-*-flink-"$line".jar 2>/dev/null | head -n1 || true)"
  if [[ -z "$jar" ]] || [[ "$SQL_GUARD_HOME/pom.xml" -nt "$jar" ]] \
      || [[ -n "$(find "$SQL_GUARD_HOME" \( -path '*/src/main/*' -o -path '*/dist/src/cli/*' \) -newer "$jar" -print -quit)" ]]; then
    command -v mvn >/dev/null || { echo "Maven (mvn) is needed to build the Flink SQL Guard CLI jar on first run (or set SQL_GUARD_CLI_JAR to a downloaded one)." >&2; exit 1; }
    sql_guard_build_line "the Flink SQL Guard CLI jar for Flink $line" "$(sql_guard_flink_version "$line")" \
        "$([[ -n "$jar" ]] && echo rebuild)"
    sql_guard_mvn -q -B -ntp -DskipTests "${profile[@]}" -pl gateway-interceptor,client-hook,dist -am package
    jar="$(ls "$SQL_GUARD_HOME"/dist/target/flink-sql-guard-cli-*-flink-"$line".jar | head -n1)"
  fi
  echo "$jar"
}
