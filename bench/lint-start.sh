#!/usr/bin/env bash
# lint's start-up with the CLI jar, as a pre-commit hook pays it: `java -jar <cli jar> lint` of one small
# script and of a corpus, with lint's fast start (the default: a second JVM with C1 only, Serial GC and a
# class-data archive, client-hook's FastStart) and without it (-Dsql-guard.fast-start=false: one JVM with
# the JVM's defaults, as before issue 32), alternating, from a cold JVM each time. Prints one Markdown row
# per run: CPU (user + sys of the JVMs, from /usr/bin/time), wall, peak RSS, and the 1-minute load before
# and after (/proc/loadavg; over the core count, other work competed for the CPU and the wall time says
# little: prefer the CPU time).
#
#   bench/lint-start.sh JAR SCRIPT CORPUS_DIR [RUNS]
#
# SECTIONS="one corpus" (the default) chooses what to measure; the corpus is linted once per mode.
# BEFORE_JAR=<an earlier build's CLI jar> compares that jar's fast start with JAR's instead of JAR's plain JVM
# with its fast start (each jar keeps its own cache directory, both written by a first run reported apart).
# Every row also gives the 1-minute load average before and after the run.
# The class-data archive goes to $SQL_GUARD_CACHE_DIR (default: a directory under /tmp that this script
# empties first); the first fast run writes it and is reported on its own row.
set -euo pipefail
jar="$1"; script="$2"; corpus="$3"; runs="${4:-3}"
export SQL_GUARD_CACHE_DIR="${SQL_GUARD_CACHE_DIR:-/tmp/sql-guard-lint-start-cache}"
rm -rf "$SQL_GUARD_CACHE_DIR" "$SQL_GUARD_CACHE_DIR-before"
before_jar="${BEFORE_JAR:-}"
out="$(mktemp)"
load() { cut -d' ' -f1 /proc/loadavg; }
measure() { # label, then java options and lint arguments
  local label="$1"; shift
  local before; before="$(load)"
  local cache="$SQL_GUARD_CACHE_DIR"
  if [[ "$label" == before* ]]; then cache="$SQL_GUARD_CACHE_DIR-before"; fi
  SQL_GUARD_CACHE_DIR="$cache" /usr/bin/time -f '%U %S %e %M' -o "$out" java "$@" >/dev/null 2>&1 || true
  # The last line: /usr/bin/time writes "Command exited with non-zero status N" first when lint exits non-zero.
  read -r user sys wall rss < <(tail -n 1 "$out")
  printf '| %s | %.2f | %.2f | %d | %s / %s |\n' "$label" "$(echo "$user + $sys" | bc)" "$wall" "$((rss / 1024))" "$before" "$(load)"
}
echo "| run | CPU s | wall s | peak RSS MB (largest JVM) | load before / after |"
echo "|---|---|---|---|---|"
sections="${SECTIONS:-one corpus}"
if [[ -n "$before_jar" ]]; then
  one_label="before: one script, fast start"; corpus_label="before: corpus, fast start"; other=(-jar "$before_jar")
  measure "before, first run (writes the archive)" -jar "$before_jar" lint -q "$script"
else
  one_label="one script, plain JVM"; corpus_label="corpus, plain JVM"; other=(-Dsql-guard.fast-start=false -jar "$jar")
fi
measure "fast start, first run (writes the archive)" -jar "$jar" lint -q "$script"
if [[ " $sections " == *" one "* ]]; then
  for i in $(seq "$runs"); do
    measure "$one_label" "${other[@]}" lint -q "$script"
    measure "one script, fast start" -jar "$jar" lint -q "$script"
  done
fi
if [[ " $sections " == *" corpus "* ]]; then
  measure "$corpus_label" "${other[@]}" lint -q "$corpus"
  measure "corpus, fast start" -jar "$jar" lint -q "$corpus"
fi
rm -f "$out"
