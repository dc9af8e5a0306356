#!/bin/bash
# usage: profrun.sh JAR OUTDIR EVENTARGS  (profiles the guarded gateway after its JIT warm-up)
JAR=$1; OUT=$2; EV=$3; ROUNDS=${ROUNDS:-10}; SESS=${SESS:-1}
OPENS=(); for o in java.lang java.util java.util.concurrent java.net java.io java.nio sun.nio.ch java.lang.reflect java.text java.time java.util.concurrent.atomic java.util.concurrent.locks java.math java.lang.invoke; do OPENS+=("--add-opens=java.base/$o=ALL-UNNAMED"); done; OPENS+=("--add-opens=java.sql/java.sql=ALL-UNNAMED")
cd /work/wt-cheap; mkdir -p $OUT
echo "start $(date -u) load $(cat /proc/loadavg)"
java "${OPENS[@]}" -jar $JAR gateways --log-dir $OUT --sessions $SESS --rounds $ROUNDS --warmup 1 --kinds SET,SET_UNQUOTED,RESET,DDL,SHOW --jit-warmup 2000 --jit-warmup-heavy 0 --gateway-jvm-option=-XX:MaxDirectMemorySize=1g > $OUT/harness.log 2>&1 &
H=$!
while true; do
  n=$(wc -l < $OUT/guarded/sql-guard-audit.jsonl 2>/dev/null || echo 0)
  [ "$n" -gt 4150 ] && break
  kill -0 $H 2>/dev/null || { echo harness ended; exit 1; }
  sleep 1
done
PID=$(pgrep -f "sql-guard.log.dir=$OUT/guarded" | head -1)
echo "profiling pid $PID at $n audit lines $(date -u)"
jcmd $PID JVMTI.agent_load ${AP:-/tmp/cheap54/ap/linux-x64/libasyncProfiler.so} "\"start,$EV,file=$OUT/prof.collapsed\""
wait $H
echo "end $(date -u) load $(cat /proc/loadavg)"
