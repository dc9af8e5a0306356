#!/usr/bin/env bash
# lintjvm.sh LABEL [java opts...] : lint's JVM alone, as FastStart starts it from the launch file (archive mapped)
j=$1; shift
jsa=$(ls /tmp/r52/cache-$j/*.jsa)
cd /tmp/r52/work
SQL_GUARD_CACHE_DIR=/tmp/r52/cache-$j exec java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -XX:-UsePerfData -Xlog:cds*=off -Xms320m -Xmn192m -XX:+UseTransparentHugePages -XX:+UnlockDiagnosticVMOptions -XX:ArchiveRelocationMode=0 -XX:SharedArchiveFile=$jsa -Dsql-guard.fast-start.archive=$jsa "$@" -Dsql-guard.fast-start.started=true -jar /tmp/r52/$j.jar lint -q ${SCRIPT:-one.sql}
