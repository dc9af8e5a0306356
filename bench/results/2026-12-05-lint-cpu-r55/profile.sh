#!/usr/bin/env bash
# profile.sh J TAG [java opts]: async-profiler 2.9 (cpu, 1 ms, threads, collapsed) of lint's JVM alone (lintjvm.sh)
j=$1; t=$2; shift 2
/tmp/r55/lintjvm.sh $j -agentpath:/tmp/ap/linux-x64/libasyncProfiler.so=start,event=cpu,interval=1ms,threads,file=/tmp/r55/ap-$t.txt,collapsed "$@" > /dev/null 2>&1
echo "ap-$t.txt $(awk '{s+=$NF} END{print s}' /tmp/r55/ap-$t.txt)"
