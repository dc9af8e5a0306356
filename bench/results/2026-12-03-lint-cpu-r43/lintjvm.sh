#!/usr/bin/env bash
# lintjvm.sh LABEL [java opts...] : lint's JVM alone, as FastStart starts it from the launch file (archive mapped)
j=$1; shift
jsa=$(ls /tmp/lint-cpu/r43/cache-$j/*.jsa)
cd /tmp/lint-cpu/r43/work
SQL_GUARD_CACHE_DIR=/tmp/lint-cpu/r43/cache-$j exec java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -XX:-UsePerfData -Xlog:cds*=off -XX:+UnlockDiagnosticVMOptions -XX:ArchiveRelocationMode=0 -XX:SharedArchiveFile=$jsa -Xms320m -Xmn192m -XX:+UseTransparentHugePages "$@" -Dsql-guard.fast-start.started=true -jar /tmp/lint-cpu/r43/$j.jar lint -q ${SCRIPT:-one.sql}
