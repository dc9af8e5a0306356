#!/usr/bin/env bash
# profile.sh J TAG: async-profiler (cpu, 1 ms, threads, collapsed) of both JVMs of java -jar J.jar lint -q one.sql
j=$1; t=$2; rm -f /tmp/r54/ap-$t-*.txt
cd /tmp/r54/work
SQL_GUARD_CACHE_DIR=/tmp/r54/cache-$j java -agentpath:/tmp/ap/linux-x64/libasyncProfiler.so=start,event=cpu,interval=1ms,threads,file=/tmp/r54/ap-$t-%p.txt,collapsed -jar /tmp/r54/$j.jar lint -q one.sql > /dev/null 2>&1
for f in /tmp/r54/ap-$t-*.txt; do echo "$f $(awk '{s+=$NF} END{print s}' $f)"; done
