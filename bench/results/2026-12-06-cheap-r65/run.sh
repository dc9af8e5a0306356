#!/bin/bash
# usage: run.sh BENCH_DIR OUT  (BENCH_DIR: a bench jar with its lib/ beside it; 1 session, CREATE TABLE and SHOW TABLES,
# both gateway JVMs recording every park and monitor wait, count.jfc). Then, per JVM:
#   java JfrHops.java OUT/jfr/<file>.jfr 0      waits by thread group and where the thread waited
#   java Order.java OUT/jfr/<file>.jfr          execution samples inside Flink's SQL grammar, by thread and caller
#   java Starts.java OUT/jfr/<file>.jfr         threads started and ended
OPENS=(); for o in java.lang java.util java.util.concurrent java.net java.io java.nio sun.nio.ch java.lang.reflect java.text java.time java.util.concurrent.atomic java.util.concurrent.locks java.math java.lang.invoke; do OPENS+=("--add-opens=java.base/$o=ALL-UNNAMED"); done; OPENS+=("--add-opens=java.sql/java.sql=ALL-UNNAMED")
HERE=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$2/jfr"
java "${OPENS[@]}" -jar "$1/flink-sql-guard-bench.jar" gateways --log-dir "$2" --heap=1g --sessions 1 --rounds 3 --warmup 0 \
  --kinds DDL,SHOW --jit-warmup 400 --jit-warmup-heavy 0 --gateway-jvm-option=-XX:MaxDirectMemorySize=512m \
  "--gateway-jvm-option=-XX:StartFlightRecording=settings=$HERE/count.jfc,dumponexit=true,filename=$2/jfr/"
