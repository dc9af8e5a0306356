#!/usr/bin/env bash
# prof1.sh TAG J [java opts...]: async-profiler (cpu, 1 ms, threads, collapsed) of lint's JVM alone; prints C1 threads / the rest
t=$1; j=$2; shift 2
/tmp/r54/lintjvm.sh $j -agentpath:/tmp/ap/linux-x64/libasyncProfiler.so=start,event=cpu,interval=1ms,threads,file=/tmp/r54/ap1-$t.txt,collapsed "$@" > /dev/null 2>&1
awk -v t="$t" -v l="$(cut -d' ' -f1 /proc/loadavg)" '{n=$NF; s+=n; if ($0 ~ /^\[C1 Compiler/) c+=n} END{printf "%s load %s: samples %d, C1 threads %d, the rest %d\n", t, l, s, c, s-c}' /tmp/r54/ap1-$t.txt
