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

# Builds the modules and writes client-hook's runtime classpath (the guard, Flink, Logback) on first
# run, or when a source file is newer than the build.
sql_guard_build() {
  local stamp="$SQL_GUARD_HOME/client-hook/target/classpath.txt"
  if [[ -f "$stamp" ]] && [[ -z "$(find "$SQL_GUARD_HOME" -path '*/src/main/*' -newer "$stamp" -print -quit)" ]] \
      && [[ "$SQL_GUARD_HOME/pom.xml" -ot "$stamp" ]]; then
    return 0
  fi
  command -v mvn >/dev/null || { echo "Maven (mvn) is needed to build Flink SQL Guard on first run." >&2; exit 1; }
  echo "Building Flink SQL Guard (first run downloads Flink $(sed -n 's:.*<flink.version>\(.*\)</flink.version>.*:\1:p' "$SQL_GUARD_HOME/pom.xml" | head -n 1) from Maven Central)..." >&2
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
    echo "Building the Flink SQL Guard CLI jar for Flink $line (first run downloads Flink from Maven Central)..." >&2
    sql_guard_mvn -q -B -ntp -DskipTests "${profile[@]}" -pl gateway-interceptor,client-hook,dist -am package
    jar="$(ls "$SQL_GUARD_HOME"/dist/target/flink-sql-guard-cli-*-flink-"$line".jar | head -n1)"
  fi
  echo "$jar"
}
