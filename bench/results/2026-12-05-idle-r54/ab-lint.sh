#!/usr/bin/env bash
# A/B one-script lint CPU: A = b5e5f307's CLI jar, B = b4db58f's; fresh cache each, first run writes the archive.
A=/work/main/dist/target/flink-sql-guard-cli-0.1.0-SNAPSHOT-flink-2.3.jar
B=/tmp/ci-1239/repo/dist/target/flink-sql-guard-cli-0.1.0-SNAPSHOT-flink-2.3.jar
script=/tmp/ab-one.sql
cat > $script <<'SQL'
CREATE TABLE clicks (user_id INT, url STRING, ts TIMESTAMP(3)) WITH ('connector' = 'datagen');
SELECT user_id, COUNT(url) AS n FROM clicks GROUP BY user_id;
SQL
for x in A B; do mkdir -p /tmp/ab-cache-$x; rm -rf /tmp/ab-cache-$x/*; done
run() { local jar=$1 cache=$2; SQL_GUARD_CACHE_DIR=$cache /usr/bin/time -f "%U %S %e" java -jar $jar lint -q $script >/dev/null 2>/tmp/ab-err; tail -1 /tmp/ab-err | awk '{printf "%.2f %.2f\n", $1+$2, $3}'; }
echo "first A: $(run $A /tmp/ab-cache-A)"; echo "first B: $(run $B /tmp/ab-cache-B)"
for i in 1 2 3 4; do echo "A: $(run $A /tmp/ab-cache-A) load $(cut -d' ' -f1 /proc/loadavg)"; echo "B: $(run $B /tmp/ab-cache-B)"; echo "B: $(run $B /tmp/ab-cache-B)"; echo "A: $(run $A /tmp/ab-cache-A)"; done
