#!/usr/bin/env bash
# lintjvm.sh J [java opts...] : lint's JVM alone, as the launch file starts it (archive mapped), one.sql, small run
j=$1; shift
jsa=$(ls /tmp/r55/cache-$j/*.jsa)
cd /tmp/r55/work
SQL_GUARD_CACHE_DIR=/tmp/r55/cache-$j exec java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -XX:-UsePerfData -Xlog:cds*=off -Xms320m -Xmn192m -XX:+UseTransparentHugePages -XX:+UnlockDiagnosticVMOptions -XX:ArchiveRelocationMode=0 -XX:SharedArchiveFile=${JSA:-$jsa} -Dsql-guard.fast-start.archive=$jsa -XX:CompileThresholdScaling=3 "$@" -Dsql-guard.fast-start.started=true -jar /tmp/r55/${JAR:-$j}.jar lint -q ${SCRIPT:-one.sql}
