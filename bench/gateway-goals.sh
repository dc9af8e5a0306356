#!/usr/bin/env bash
# The gateway goals of issue 32 and the observed-state latency of issue 31, in one run of about 8
# minutes on an idle 2-core machine (about 11 with (D)'s A/A run) (bench/README.md, "The gateway goals in one script"):
#   (A) cheap statements (SET, SET unquoted, RESET, CREATE TABLE, SHOW TABLES), guarded/plain at 1 and
#       16 sessions, median and p99 (goal: at most 1.05), and at 4 and 64 sessions, each level's gateway heap;
#   (B) a refusal against the plain gateway's EXPLAIN of the same statement (goal: at most 2);
#   (R) refusals of other shapes at 1 session, in a session without a state TTL: a Top-N over a join, a latest
#       row per key by a plain TIMESTAMP, a GROUP BY whose STATE_TTL hint names no input; each beside the plain
#       gateway's EXPLAIN of the same statement and of its best proven rewrite (a kind of its own, *_REWRITE);
#   (C) 1, 4 and 16 sessions of the heavy INSERT and SELECT (64 sessions: the cheap statements of (A)),
#       with each gateway's heap after a full GC;
#   (E) the heavy INSERT and SELECT at 64 sessions, with each gateway's heap after a full GC: 64 jobs in
#       local MiniClusters at once (6 GB of direct memory per gateway JVM), one round, bounded by
#       E_LIMIT_S seconds of wall time (default 1800; a run cut there prints no (E) rows, and says so);
#   (D) statement latency with the observed state on (guarded) and off (a guarded gateway with
#       sql-guard.observe.enabled false in the 'plain' column), both sending jobs to a real session
#       cluster (JobManager + TaskManager JVMs) where the guarded one watches 3 running stateful INSERTs;
#       then the same with the observed state off in both JVMs (A/A): the harness's own spread between two
#       identical gateway JVMs, against which (D) can show "unchanged". JFR=1 records a profile of each
#       gateway JVM of both runs (OUT/observe*/{plain,guarded}.jfr).
# Every run alternates the two gateways round by round, so both see the same machine. Prints the
# ratios at the end; the harness's full reports are under $OUT/<run>/report.md.
#
# Usage: bench/gateway-goals.sh [OUT]   (OUT defaults to bench/target/gateway-goals)
# Needs the bench jar: mvn -q -pl bench -am package -DskipTests
# SCALE=2 doubles the rounds of (A), (B) and (D) (about 12 minutes), for a quieter estimate.
# PARTS=D runs (D) and its A/A alone (PARTS=A: the cheap run, PARTS=BC: the heavy run, PARTS=E: the heavy
# statements at 64 sessions, PARTS=R: the refusals of other shapes; default ABCDER); the ratios are printed from whichever reports are there.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:-bench/target/gateway-goals}
SCALE=${SCALE:-1}
PARTS=${PARTS:-ABCDER}
E_LIMIT_S=${E_LIMIT_S:-1800}
JAR=bench/target/flink-sql-guard-bench.jar
[ -f "$JAR" ] || { echo "no $JAR: mvn -q -pl bench -am package -DskipTests" >&2; exit 1; }
# The module opens Flink needs (GatewayProcess.FLINK_OPENS): the session cluster's JobManager and
# TaskManager are started with the driver's own.
OPENS=()
for o in java.lang java.util java.util.concurrent java.net java.io java.nio sun.nio.ch java.lang.reflect java.text \
         java.time java.util.concurrent.atomic java.util.concurrent.locks java.math java.lang.invoke; do
  OPENS+=("--add-opens=java.base/$o=ALL-UNNAMED")
done
OPENS+=("--add-opens=java.sql/java.sql=ALL-UNNAMED")
B=(java "${OPENS[@]}" -jar "$JAR")
mkdir -p "$OUT"
start=$(date +%s)
echo "gateway goals: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(git rev-parse --short HEAD 2>/dev/null || echo '?')"

# (A) and the 64-session level of (C): the cheap statements.
if [[ $PARTS == *A* ]]; then
"${B[@]}" gateways --log-dir "$OUT/cheap" --sessions 1,4,16,64 --rounds $((10 * SCALE)),$((4 * SCALE)),$((2 * SCALE)),1 --warmup 1,0,0,0 \
  --kinds SET,SET_UNQUOTED,RESET,DDL,SHOW --jit-warmup 2000 --jit-warmup-heavy 0 \
  --gateway-jvm-option=-XX:MaxDirectMemorySize=1g > "$OUT/cheap.out" 2> "$OUT/cheap.err"
echo "  (A) done after $(( $(date +%s) - start )) s"
fi

# (B) and (C): the refusal and the heavy statements at 1, 4 and 16 sessions.
if [[ $PARTS == *B* || $PARTS == *C* ]]; then
"${B[@]}" gateways --log-dir "$OUT/heavy" --sessions 1,4,16 --rounds $((4 * SCALE)),2,1 --warmup 1,0,0 \
  --kinds HEAVY_INSERT,HEAVY_SELECT,REFUSED --jit-warmup 500 --jit-warmup-heavy 2 \
  --gateway-jvm-option=-XX:MaxDirectMemorySize=2g > "$OUT/heavy.out" 2> "$OUT/heavy.err"
echo "  (B, C) done after $(( $(date +%s) - start )) s"
fi

# (R): the refusals of other shapes, one session, each beside the plain EXPLAIN of its best proven rewrite.
if [[ $PARTS == *R* ]]; then
"${B[@]}" gateways --log-dir "$OUT/refusals" --sessions 1 --rounds $((6 * SCALE)) --warmup 1 \
  --kinds REFUSED,TOP_N_JOIN,TOP_N_JOIN_REWRITE,DEDUP_PLAIN_TIME,DEDUP_PLAIN_TIME_REWRITE,GROUP_BY_TTL_HINT,GROUP_BY_TTL_HINT_REWRITE \
  --jit-warmup 200 --jit-warmup-heavy 2 \
  --gateway-jvm-option=-XX:MaxDirectMemorySize=1g > "$OUT/refusals.out" 2> "$OUT/refusals.err"
echo "  (R) done after $(( $(date +%s) - start )) s"
fi

# (E): the heavy statements at 64 sessions, bounded in wall time (64 concurrent jobs on 2 cores).
if [[ $PARTS == *E* ]]; then
  if timeout --signal=TERM --kill-after=60 "$E_LIMIT_S" "${B[@]}" gateways --log-dir "$OUT/heavy64" --sessions 64 \
      --rounds 1 --warmup 0 --kinds HEAVY_INSERT,HEAVY_SELECT --jit-warmup 500 --jit-warmup-heavy 2 \
      --gateway-jvm-option=-XX:MaxDirectMemorySize=6g > "$OUT/heavy64.out" 2> "$OUT/heavy64.err"; then
    echo "  (E) done after $(( $(date +%s) - start )) s"
  else
    echo "  (E) FAILED or cut at E_LIMIT_S=$E_LIMIT_S s after $(( $(date +%s) - start )) s: see $OUT/heavy64.err"
  fi
fi

# (D): observed state off ('plain' column: a guarded gateway) and on (guarded), 3 watched jobs; then the same
# run with the observed state off in both JVMs (A/A): how far two identical gateway JVMs of this harness differ,
# the yardstick of "unchanged" (bench/results/2026-12-02-gateway-latency-r34.md: A/A ratios of 0.5-2 were seen).
# The harness runs the kinds interleaved round by round, after the watched jobs' first checkpoints.
observe() { # $1 run name, $2 the guarded JVM's sql-guard.observe.enabled
  "${B[@]}" gateways --log-dir "$OUT/$1" --sessions 1 --rounds $((6 * SCALE)) --warmup 1 \
    --kinds SET,DDL,SHOW --jit-warmup 2000 --jit-warmup-heavy 0 \
    --remote-cluster --cluster-slots 8 --watched-jobs 3 --watched-jobs-on-both \
    --plain-endpoint guard --plain-option sql-guard.observe.enabled=false \
    --guard-option sql-guard.observe.enabled="$2" --guard-option sql-guard.observe.interval=5s ${JFR:+--gateway-jfr} \
    > "$OUT/$1.out" 2> "$OUT/$1.err"
}
if [[ $PARTS == *D* ]]; then
  observe observe true
  echo "  (D) done after $(( $(date +%s) - start )) s"
  # A failed A/A run (e.g. a watched INSERT's planning over sql-guard.explain-timeout on a loaded machine) leaves
  # (D) and the other parts to print.
  if observe observe-aa false; then
    echo "  (D, A/A) done after $(( $(date +%s) - start )) s"
  else
    echo "  (D, A/A) FAILED after $(( $(date +%s) - start )) s: see $OUT/observe-aa.err"
  fi
fi

# The ratios, from the harness's reports.
rows() { # $1 report, $2 awk filter on the first column; prints "| statement | n | ... |" rows of the level tables
  awk -v want="$2" '
    /^#+ [0-9]+ sessions?/ { level=$2; section=1; next }
    /^#+ Scaling/ { section=0 }
    section && /^\| statement \| n \| plain median ms/ { t="latency"; next }
    section && /^\| statement \| n \| plain EXPLAIN/ { t="refusal"; next }
    section && /^\| statement \| n \| guard median/ { t="server"; next }
    section && /^\| statement \| guarded\/plain median \| 95/ { t="noise"; next }
    section && /^\|---/ { next }
    section && /^\| / && t==want { print level "\t" $0 }
    section && /^$/ { t="" }
    section && /^Gateway heap/ && want=="heap" { print level "\t" $0 }
  ' "$1" 2>/dev/null || true
}
echo
echo "== (A) cheap statements, guarded/plain (goal <= 1.05, median and p99), per sessions =="
echo "sessions | statement | n | plain median ms | plain p99 | guarded median ms | guarded p99 | ratio median | ratio p99"
rows "$OUT/cheap/report.md" latency | awk -F'\t' '{ split($2, c, "|"); printf "%s |%s|%s|%s|%s|%s|%s|%s|%s\n", $1, c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9] }'
echo "noise (95 % bootstrap interval of each ratio):"
rows "$OUT/cheap/report.md" noise | awk -F'\t' '{ split($2, c, "|"); printf "%s |%s| median%s [%s] | p99%s [%s]\n", $1, c[2], c[3], c[4], c[5], c[6] }'
echo
echo "== (A) server side: the guard's own time per statement (JFR), µs =="
rows "$OUT/cheap/report.md" server | awk -F'\t' '{ split($2, c, "|"); printf "%s |%s| guard median%s| p99%s| parse%s| decide%s| audit%s| rest%s\n", $1, c[2], c[4], c[5], c[6], c[7], c[8], c[9] }'
echo
echo "== (B) refusal / plain EXPLAIN of the statement (goal <= 2) =="
rows "$OUT/heavy/report.md" refusal | awk -F'\t' '{ split($2, c, "|"); printf "%s sessions | EXPLAIN median%s ms | refusal median%s ms | refusal/EXPLAIN%s\n", $1, c[4], c[6], c[8] }'
echo
echo "== (R) refusals of other shapes (no state TTL): refusal / plain EXPLAIN of the statement, and the plain EXPLAIN of its best proven rewrite =="
rows "$OUT/refusals/report.md" refusal | awk -F'\t' '{ split($2, c, "|"); printf "%s sessions |%s| EXPLAIN median%s ms | refusal median%s ms | refusal/EXPLAIN%s\n", $1, c[2], c[4], c[6], c[8] }'
rows "$OUT/refusals/report.md" latency | awk -F'\t' '{ split($2, c, "|"); printf "%s sessions |%s| plain median%s ms | plain p99%s ms\n", $1, c[2], c[4], c[5] }'
echo
echo "== (C) heavy statements and heap per sessions =="
rows "$OUT/heavy/report.md" latency | awk -F'\t' '{ split($2, c, "|"); printf "%s |%s| ratio median%s| ratio p99%s| throughput ratio%s\n", $1, c[2], c[8], c[9], c[12] }'
rows "$OUT/heavy/report.md" noise | awk -F'\t' '{ split($2, c, "|"); printf "noise: %s |%s| median%s [%s] | p99%s [%s]\n", $1, c[2], c[3], c[4], c[5], c[6] }'
rows "$OUT/cheap/report.md" heap | sed 's/^/cheap run, sessions /'
rows "$OUT/heavy/report.md" heap | sed 's/^/heavy run, sessions /'
echo "-- (E) heavy statements at 64 sessions --"
rows "$OUT/heavy64/report.md" latency | awk -F'\t' '{ split($2, c, "|"); printf "%s |%s| ratio median%s| ratio p99%s| throughput ratio%s\n", $1, c[2], c[8], c[9], c[12] }'
rows "$OUT/heavy64/report.md" noise | awk -F'\t' '{ split($2, c, "|"); printf "noise: %s |%s| median%s [%s] | p99%s [%s]\n", $1, c[2], c[3], c[4], c[5], c[6] }'
rows "$OUT/heavy64/report.md" heap | sed 's/^/heavy run, sessions /'
echo
echo "== (D) observed state on / off, 3 watched jobs on a session cluster (goal: 1.0 within the noise) =="
rows "$OUT/observe/report.md" latency | awk -F'\t' '{ split($2, c, "|"); printf "%s |%s| off median%s ms | on median%s ms | on/off median%s| on/off p99%s\n", $1, c[2], c[4], c[6], c[8], c[9] }'
rows "$OUT/observe/report.md" noise | awk -F'\t' '{ split($2, c, "|"); printf "noise: %s |%s| median%s [%s] | p99%s [%s]\n", $1, c[2], c[3], c[4], c[5], c[6] }'
grep -h "^Jobs on the session cluster" "$OUT/observe/report.md" | cut -c1-600 || true
echo "-- A/A: both JVMs with the observed state off (the harness's own spread between two identical gateways) --"
rows "$OUT/observe-aa/report.md" latency | awk -F'\t' '{ split($2, c, "|"); printf "%s |%s| JVM 1 median%s ms | JVM 2 median%s ms | 2/1 median%s| 2/1 p99%s\n", $1, c[2], c[4], c[6], c[8], c[9] }'
rows "$OUT/observe-aa/report.md" noise | awk -F'\t' '{ split($2, c, "|"); printf "noise: %s |%s| median%s [%s] | p99%s [%s]\n", $1, c[2], c[3], c[4], c[5], c[6] }'
echo "(D) shows the latency unchanged where its on/off ratio lies within the A/A ratio's spread."
echo
echo "total $(( $(date +%s) - start )) s; load now $(cut -d' ' -f1-3 /proc/loadavg); reports: $OUT/{cheap,heavy,refusals,heavy64,observe,observe-aa}/report.md"
