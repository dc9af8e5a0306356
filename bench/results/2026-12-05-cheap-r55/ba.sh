#!/bin/bash
# usage: ba.sh OUT POLL_US: ab.sh with the roles swapped: the before build in the "guarded" slot (its own harness jar), the
# after build as the "plain" column; what the JVM's slot alone does to a ratio shows as the difference from ab.sh's
OUT=$1; POLL=$2; shift 2
OPENS=(); for o in java.lang java.util java.util.concurrent java.net java.io java.nio sun.nio.ch java.lang.reflect java.text java.time java.util.concurrent.atomic java.util.concurrent.locks java.math java.lang.invoke; do OPENS+=("--add-opens=java.base/$o=ALL-UNNAMED"); done; OPENS+=("--add-opens=java.sql/java.sql=ALL-UNNAMED")
echo "start $(date -u) load $(cat /proc/loadavg)"
nice -n -10 java "${OPENS[@]}" -jar /tmp/cheap55/before/flink-sql-guard-bench.jar gateways --log-dir $OUT --sessions 1,16 --rounds 10,2 --warmup 1 --kinds SET,SET_UNQUOTED,RESET,DDL,SHOW --jit-warmup 2000 --jit-warmup-heavy 0 --gateway-jvm-option=-XX:MaxDirectMemorySize=1g --plain-endpoint guard --plain-classpath /tmp/cheap55/after/flink-sql-guard-bench.jar --poll-us $POLL "$@" > $OUT.log 2>&1
echo "end $(date -u) load $(cat /proc/loadavg)"
