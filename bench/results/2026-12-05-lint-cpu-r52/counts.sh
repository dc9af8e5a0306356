#!/usr/bin/env bash
# counts.sh LABEL [java opts...]: classes loaded (and how many not from the archive), C1 compilations of one lint JVM run
j=$1; shift
/tmp/r52/lintjvm.sh ${J:-$j} -Xlog:class+load=info:file=/tmp/r52/cl-$j.txt -XX:+PrintCompilation "$@" > /tmp/r52/pc-$j.txt 2>&1
total=$(grep -c 'source:' /tmp/r52/cl-$j.txt); shared=$(grep -c 'shared objects file' /tmp/r52/cl-$j.txt)
comp=$(grep -cE '^ +[0-9]+ +[0-9]+ ' /tmp/r52/pc-$j.txt)
echo "$j $* | classes $total (from the archive $shared, not $((total-shared))) | compilations $comp"
