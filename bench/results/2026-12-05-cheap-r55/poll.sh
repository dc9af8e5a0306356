#!/bin/bash
# usage: poll.sh OUT POLL_US JAR [extra args]: plain (rest) against guarded, 1 session, the cheap kinds, polling every POLL_US µs;
# the harness and both gateway JVMs at nice -10 (the machine is loaded by other helpers' builds at nice 0)
OUT=$1; POLL=$2; JAR=$3; shift 3
OPENS=(); for o in java.lang java.util java.util.concurrent java.net java.io java.nio sun.nio.ch java.lang.reflect java.text java.time java.util.concurrent.atomic java.util.concurrent.locks java.math java.lang.invoke; do OPENS+=("--add-opens=java.base/$o=ALL-UNNAMED"); done; OPENS+=("--add-opens=java.sql/java.sql=ALL-UNNAMED")
echo "start $(date -u) load $(cat /proc/loadavg)"
nice -n -10 java "${OPENS[@]}" -jar $JAR gateways --log-dir $OUT --sessions 1 --rounds 10 --warmup 1 --kinds SET,SET_UNQUOTED,RESET,DDL,SHOW --jit-warmup 2000 --jit-warmup-heavy 0 --gateway-jvm-option=-XX:MaxDirectMemorySize=1g --poll-us $POLL "$@" > $OUT.log 2>&1
echo "end $(date -u) load $(cat /proc/loadavg)"
