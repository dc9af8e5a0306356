#!/usr/bin/env bash
# Interleaved pairs of one-script lints of two CLI jars (issue 32's one-script goal), each jar with a cache of its own
# written before (a first run, not counted): PAIRS pairs, the order within a pair alternating, each run
# `java -jar JAR lint -q one.sql` (lint-goals.sh's script) from a cold JVM. Prints one line a run: pair, jar label,
# CPU (user + sys of both JVMs, /usr/bin/time), wall, and the 1-minute load before it.
#
#   pairs.sh A_LABEL A_JAR A_CACHE B_LABEL B_JAR B_CACHE [PAIRS]
set -euo pipefail
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cat > "$work/one.sql" <<'SQL'
CREATE TABLE orders (customer_id BIGINT, amount DOUBLE) WITH ('connector' = 'datagen');

SELECT customer_id, SUM(amount) AS total FROM orders GROUP BY customer_id;
SQL
run() {
  local label="$1" jar="$2" cache="$3" pair="$4" load
  load="$(cut -d' ' -f1 /proc/loadavg)"
  (cd "$work" && SQL_GUARD_CACHE_DIR="$cache" /usr/bin/time -f '%U %S %e' -o "$work/time" \
      java -jar "$jar" lint -q one.sql >/dev/null 2>"$work/stderr") || true
  read -r user sys wall < <(tail -n 1 "$work/time")
  printf '%s %s cpu %s wall %s load %s\n' "$pair" "$label" "$(echo "$user + $sys" | bc)" "$wall" "$load"
}
for ((i = 1; i <= ${7:-7}; i++)); do
  if ((i % 2)); then
    run "$1" "$2" "$3" "$i"; run "$4" "$5" "$6" "$i"
  else
    run "$4" "$5" "$6" "$i"; run "$1" "$2" "$3" "$i"
  fi
done
