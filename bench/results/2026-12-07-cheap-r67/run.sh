#!/usr/bin/env bash
# Round 67's cheap-path measurement (issue 32): the guard's submit path of a cheap statement in process
# (testing.InProcessGateway over Flink's SqlGatewayServiceImpl, the audit through the shipped configuration's
# audit appenders: logback.xml here), by the submitting thread's CPU time and allocated bytes (ThreadMXBean), and
# JFR execution and allocation samples of that thread split by the pipeline's parts (JfrSplit).
# Usage, from the repository root after `mvn -o -q -pl gateway-interceptor -am test-compile`:
#   BEFORE=/path/to/before/classes bench/results/2026-12-07-cheap-r67/run.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=${WORK:-/tmp/cheap-r67}
mkdir -p "$work/classes"
mvn -o -B -ntp -q -pl gateway-interceptor dependency:build-classpath -Dmdep.outputFile="$work/cp.txt" -Dmdep.includeScope=test
deps=gateway-interceptor/target/test-classes:$(cat "$work/cp.txt")
sed "s#/tmp/cheap6-prof#$work#g" "$here/logback.xml" > "$work/logback.xml"
javac -d "$work/classes" -cp "gateway-interceptor/target/classes:$deps" "$here/CheapProf.java" "$here/JfrSplit.java" "$here/JfrLeaf.java"
for kind in DDL SET SHOW RESET; do
  for v in before after; do
    classes=gateway-interceptor/target/classes
    [ "$v" = before ] && classes=$BEFORE
    echo -n "$v load=$(cut -d' ' -f1 /proc/loadavg) "
    java -Xmx1g -Dlogback.configurationFile="$work/logback.xml" \
      -XX:StartFlightRecording=filename="$work/$kind-$v.jfr",settings="$here/prof.jfc" \
      -cp "$work/classes:$classes:$deps" CheapProf "$kind" 3000 3000 2>&1 | grep stmt
  done
done
parts="StatementParser.parse,Decider.statement,Auditor.decided,Auditor.outcome,Auditor.writeWithOutcome,GatewaySessions.holdStatement,StatementTiming.finish"
for f in "$work"/*.jfr; do
  echo "== $f"
  java -cp "$work/classes" JfrSplit "$f" StatementPipeline.execute "$parts"
  java -cp "$work/classes" JfrSplit "$f" StatementPipeline.execute "$parts" jdk.ObjectAllocationSample
done
