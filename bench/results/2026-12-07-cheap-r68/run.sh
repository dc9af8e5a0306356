#!/usr/bin/env bash
# Round 68's cheap-path measurement (issue 32), round 67's harness (2026-12-07-cheap-r67/run.sh) with the JFR
# recording of the measured statements alone: the guard's submit path of a cheap statement in process
# (testing.InProcessGateway over Flink's SqlGatewayServiceImpl, the audit through the shipped configuration's audit
# appenders: logback.xml here), by the submitting thread's CPU time and allocated bytes (ThreadMXBean), and JFR
# execution and allocation samples of that thread split by the pipeline's parts (JfrSplit, JfrIncl). Before and
# after interleaved, ROUNDS times.
# Usage, from the repository root after `mvn -o -q -pl gateway-interceptor -am test-compile`:
#   BEFORE=/path/to/before/classes [AFTER=/path/to/after/classes] [ROUNDS=2] [WARM=3000] [MEASURED=3000] bench/results/2026-12-07-cheap-r68/run.sh
# (AFTER defaults to gateway-interceptor/target/classes; the test classes are the working tree's in both.)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=${WORK:-/tmp/cheap-r68}
rounds=${ROUNDS:-2}
warm=${WARM:-3000}
measured=${MEASURED:-3000}
mkdir -p "$work/classes"
mvn -o -B -ntp -q -pl gateway-interceptor dependency:build-classpath -Dmdep.outputFile="$work/cp.txt" -Dmdep.includeScope=test
deps=gateway-interceptor/target/test-classes:$(cat "$work/cp.txt")
sed "s#/tmp/cheap6-prof#$work#g" "$here/logback.xml" > "$work/logback.xml"
javac -d "$work/classes" -cp "gateway-interceptor/target/classes:$deps" "$here"/*.java
for r in $(seq 1 "$rounds"); do
  for kind in DDL SET SHOW RESET; do
    for v in before after; do
      classes=${AFTER:-gateway-interceptor/target/classes}
      [ "$v" = before ] && classes=$BEFORE
      echo -n "round=$r $v load=$(cut -d' ' -f1 /proc/loadavg) "
      java -Xmx1g -Dlogback.configurationFile="$work/logback.xml" \
        -cp "$work/classes:$classes:$deps" CheapProf "$kind" "$warm" "$measured" "$here/prof.jfc" "$work/$kind-$v-$r.jfr" 2>&1 | grep stmt
    done
  done
done
parts="StatementParser.parse,Decider.statement,Auditor.decided,Auditor.outcome,Auditor.writeWithOutcome,GatewaySessions.holdStatement,StatementTiming.finish"
for f in "$work"/*-1.jfr; do
  echo "== $f"
  java -cp "$work/classes" JfrSplit "$f" StatementPipeline.execute "$parts"
  java -cp "$work/classes" JfrSplit "$f" StatementPipeline.execute "$parts" jdk.ObjectAllocationSample
done
