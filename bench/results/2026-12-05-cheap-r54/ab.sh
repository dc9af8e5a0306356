#!/bin/bash
# usage: ab.sh OUT [extra args]: after build (guarded) against before build (the "plain" column, guarded too)
OUT=$1; shift
OPENS=(); for o in java.lang java.util java.util.concurrent java.net java.io java.nio sun.nio.ch java.lang.reflect java.text java.time java.util.concurrent.atomic java.util.concurrent.locks java.math java.lang.invoke; do OPENS+=("--add-opens=java.base/$o=ALL-UNNAMED"); done; OPENS+=("--add-opens=java.sql/java.sql=ALL-UNNAMED")
cd /work/wt-cheap
echo "start $(date -u) load $(cat /proc/loadavg)"
java "${OPENS[@]}" -jar /tmp/cheap54/after/flink-sql-guard-bench.jar gateways --log-dir $OUT --sessions 1,16 --rounds 10,2 --warmup 1 --kinds SET,SET_UNQUOTED,RESET,DDL,SHOW --jit-warmup 2000 --jit-warmup-heavy 0 --gateway-jvm-option=-XX:MaxDirectMemorySize=1g --plain-endpoint guard --plain-classpath /tmp/cheap54/before/flink-sql-guard-bench.jar "$@" > $OUT.log 2>&1
echo "end $(date -u) load $(cat /proc/loadavg)"
