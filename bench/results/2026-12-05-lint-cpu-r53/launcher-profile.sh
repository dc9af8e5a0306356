#!/usr/bin/env bash
# launcher-profile.sh J: async-profiler (cpu, 1 ms, threads) of both JVMs of java -jar J.jar lint -q one.sql; prints the launcher JVM's samples by frame
j=$1; rm -f /tmp/r53/ap-$j-*.txt
cd /tmp/r53/work
SQL_GUARD_CACHE_DIR=/tmp/r53/cache-$j java -agentpath:/tmp/ap/linux-x64/libasyncProfiler.so=start,event=cpu,interval=1ms,threads,file=/tmp/r53/ap-$j-%p.txt,collapsed -jar /tmp/r53/$j.jar lint -q one.sql > /dev/null 2>&1
f=$(ls -S /tmp/r53/ap-$j-*.txt | tail -1)
echo "$j launcher JVM: $(awk '{s+=$NF} END{print s}' $f) samples; initCEN $(grep initCEN $f | awk '{s+=$NF} END{print s+0}'); string concatenation (StringConcatFactory) $(grep StringConcatFactory $f | awk '{s+=$NF} END{print s+0}'); java.instrument $(grep -E 'sun/instrument|JPLIS|InvocationAdapter' $f | awk '{s+=$NF} END{print s+0}')"
awk '{n=$NF; sub(/ [0-9]+$/,""); split($0,fr,";"); t=fr[1]; k=fr[2]";"fr[3]; if (t ~ /Compiler/) k=t; sub(/ tid=[0-9]+/,"",k); c[k]+=n} END{for(k in c) print "  ", c[k], k}' $f | sort -rn | head -8
