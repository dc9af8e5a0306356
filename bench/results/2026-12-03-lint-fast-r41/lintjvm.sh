#!/usr/bin/env bash
# lintjvm.sh LABEL [java opts...] : lint's JVM alone, as FastStart starts it (archive mapped)
j=$1; shift
jsa=$(ls /tmp/lint-fast/cache-$j/*.jsa)
cd /tmp/lint-fast/work
SQL_GUARD_CACHE_DIR=/tmp/lint-fast/cache-$j exec java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -XX:-UsePerfData -Xlog:cds*=off -XX:+UnlockDiagnosticVMOptions -XX:ArchiveRelocationMode=0 -XX:SharedArchiveFile=$jsa "$@" -Dsql-guard.fast-start.started=true -jar /tmp/lint-fast/$j.jar lint -q one.sql
