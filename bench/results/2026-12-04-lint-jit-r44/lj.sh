#!/usr/bin/env bash
# lj.sh [extra opts] : lint's JVM alone
SQL_GUARD_CACHE_DIR=$CACHE exec java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -XX:-UsePerfData -Xlog:cds*=off -XX:+UnlockDiagnosticVMOptions -XX:ArchiveRelocationMode=0 -XX:SharedArchiveFile=$JSA -Xms320m -Xmn192m -XX:+UseTransparentHugePages "$@" -Dsql-guard.fast-start.started=true -jar $JAR lint -q ${SCRIPTS:-one.sql}
