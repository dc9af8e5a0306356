#!/bin/bash
# usage: prof.sh JARDIR OUT  (1 and 16 sessions, cheap kinds, JFR prof.jfc in both gateway JVMs)
JAR=$1/flink-sql-guard-bench.jar; OUT=$2
OPENS=(); for o in java.lang java.util java.util.concurrent java.net java.io java.nio sun.nio.ch java.lang.reflect java.text java.time java.util.concurrent.atomic java.util.concurrent.locks java.math java.lang.invoke; do OPENS+=("--add-opens=java.base/$o=ALL-UNNAMED"); done; OPENS+=("--add-opens=java.sql/java.sql=ALL-UNNAMED")
mkdir -p $OUT/jfr
cd /work/wt-cheap2
echo "start $(date -u) load $(cat /proc/loadavg)"
java "${OPENS[@]}" -jar $JAR gateways --log-dir $OUT --sessions ${SESS:-1,16} --rounds ${ROUNDS:-10,2} --warmup ${WARM:-1,0} --kinds SET,SET_UNQUOTED,RESET,DDL,SHOW --jit-warmup 2000 --jit-warmup-heavy 0 --gateway-jvm-option=-XX:MaxDirectMemorySize=1g "--gateway-jvm-option=-XX:StartFlightRecording=settings=/tmp/cheap2/prof.jfc,dumponexit=true,filename=$OUT/jfr/" "${@:3}" > $OUT.log 2>&1
echo "end $(date -u) load $(cat /proc/loadavg)"
