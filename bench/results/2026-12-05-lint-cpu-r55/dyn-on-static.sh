#!/usr/bin/env bash
# dyn-on-static.sh J: lead 1 of round 54: does a dynamic archive (-XX:ArchiveClassesAtExit, JEP 350) on top of the static
# archive add anything? Writes it from one lint of one.sql, then counts the classes of a lint mapping both, against the
# static one alone (counts.sh).
j=$1
jsa=$(ls /tmp/r55/cache-$j/*.jsa)
/tmp/r55/lintjvm.sh $j -XX:ArchiveClassesAtExit=/tmp/r55/dyn-$j.jsa -Xlog:cds=info:file=/tmp/r55/dyn-$j-dump.log > /dev/null 2>&1
ls -la /tmp/r55/dyn-$j.jsa
/tmp/r55/counts.sh $j-static $j
JSA=$jsa:/tmp/r55/dyn-$j.jsa /tmp/r55/counts.sh $j-static+dynamic $j
