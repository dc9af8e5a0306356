#!/usr/bin/env bash
# abba-e2e.sh N SCRIPT A B: N rounds of A B B A of SCRIPT (direct.sh or hook.sh) with jars A and B; perf record task-clock per process (ms): launcher JVM + lint JVM
n=$1; p=$2; a=$3; b=$4
one() { /tmp/r53/perpid.sh /tmp/r53/e2e.data /tmp/r53/$p $1 | awk '{n=split($0,f," "); l=""; for(i=1;i<n-1;i++){split(f[i],x,":"); if (x[2]>50) l=l (l?"+":"") x[2]} print l "=" f[n]}'; }
for i in $(seq $n); do
  l=$(cut -d' ' -f1 /proc/loadavg)
  a1=$(one "$a"); b1=$(one "$b"); b2=$(one "$b"); a2=$(one "$a")
  echo "round $i load $l | $a $a1 $a2 | $b $b1 $b2"
done
