#!/usr/bin/env bash
# counts.sh TAG JAR ARCHIVE [java opts...]: classes loaded (from the archive / not, by source), C1 compilations
t=$1; j=$2; a=$3; shift 3
/tmp/r53/lintjvm.sh $j $a -Xlog:class+load=info:file=/tmp/r53/cl-$t.txt -XX:+PrintCompilation "$@" > /tmp/r53/pc-$t.txt 2>&1
total=$(grep -c 'source:' /tmp/r53/cl-$t.txt); shared=$(grep -c 'shared objects file' /tmp/r53/cl-$t.txt)
comp=$(grep -cE '^ +[0-9]+ +[0-9]+ ' /tmp/r53/pc-$t.txt)
echo "$t $* | classes $total (from the archive $shared, not $((total-shared))) | compilations $comp"
grep -v 'shared objects file' /tmp/r53/cl-$t.txt | sed -n 's/.*source: \([a-z]*\).*/\1/p' | sort | uniq -c | sort -rn | head
