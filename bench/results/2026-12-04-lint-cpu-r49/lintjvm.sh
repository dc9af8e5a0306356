#!/usr/bin/env bash
# lintjvm.sh LABEL [java opts...] : lint's JVM alone, as FastStart starts it from the launch file (archive mapped); round 43's
j=$1; shift
jsa=$(ls /tmp/lintcpu/cache-$j/*.jsa)
cd /tmp/lintcpu/work
SQL_GUARD_CACHE_DIR=/tmp/lintcpu/cache-$j exec java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -XX:-UsePerfData -Xlog:cds*=off -XX:+UnlockDiagnosticVMOptions -XX:ArchiveRelocationMode=0 -XX:SharedArchiveFile=$jsa -Xms320m -Xmn192m -XX:+UseTransparentHugePages "$@" -Dsql-guard.fast-start.started=true -jar /tmp/lintcpu/$j.jar lint -q ${SCRIPT:-one.sql}
