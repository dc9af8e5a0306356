#!/usr/bin/env bash
# counts.sh TAG J [java opts...]: classes loaded (from the archive / not, by source), C1 compilations of lint's JVM alone
t=$1; j=$2; shift 2
/tmp/r55/lintjvm.sh $j -Xlog:class+load=info:file=/tmp/r55/cl-$t.txt -XX:+PrintCompilation "$@" > /tmp/r55/pc-$t.txt 2>&1
total=$(grep -c 'source:' /tmp/r55/cl-$t.txt); shared=$(grep -c 'shared objects file' /tmp/r55/cl-$t.txt)
comp=$(grep -cE '^ +[0-9]+ +[0-9]+ ' /tmp/r55/pc-$t.txt)
echo "$t $* | classes $total (from an archive $shared, not $((total-shared))) | compilations $comp"
grep -v 'shared objects file' /tmp/r55/cl-$t.txt | sed -n 's/.*source: \([a-z_A-Z]*\).*/\1/p' | sort | uniq -c | sort -rn | head
