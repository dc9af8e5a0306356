#!/usr/bin/env bash
# usage: cheap-run.sh JAR OUT [extra gateways options]
JAR=$1; OUT=$2; shift 2
OPENS=()
for o in java.lang java.util java.util.concurrent java.net java.io java.nio sun.nio.ch java.lang.reflect java.text \
         java.time java.util.concurrent.atomic java.util.concurrent.locks java.math java.lang.invoke; do
  OPENS+=("--add-opens=java.base/$o=ALL-UNNAMED")
done
OPENS+=("--add-opens=java.sql/java.sql=ALL-UNNAMED")
mkdir -p $OUT
echo "start $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)" > $OUT/load.txt
java "${OPENS[@]}" -jar $JAR gateways --log-dir $OUT --sessions 1,16 --rounds 10,2 --warmup 1 \
  --kinds SET,SET_UNQUOTED,RESET,DDL,SHOW --jit-warmup 2000 --jit-warmup-heavy 0 \
  --gateway-jvm-option=-XX:MaxDirectMemorySize=1g "$@" > $OUT/out.txt 2> $OUT/err.txt
echo "rc=$? end $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)" >> $OUT/load.txt
