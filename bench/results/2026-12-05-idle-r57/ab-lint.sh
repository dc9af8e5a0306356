#!/usr/bin/env bash
# A/B: one script linted with the r56 jar (A) and the r57 jar (B), alternating, each with its own cache.
set -u
A=/tmp/ci-1923/repo/dist/target/flink-sql-guard-cli-0.1.0-SNAPSHOT-flink-2.3.jar
B=/tmp/ci-2212/repo/dist/target/flink-sql-guard-cli-0.1.0-SNAPSHOT-flink-2.3.jar
w=$(mktemp -d); cd $w
cat > one.sql <<'SQL'
CREATE TABLE orders (customer_id BIGINT, amount DOUBLE) WITH ('connector' = 'datagen');

SELECT customer_id, SUM(amount) AS total FROM orders GROUP BY customer_id;
SQL
one() { SQL_GUARD_CACHE_DIR=$w/cache-$1 /usr/bin/time -f '%U %S %e' -o $w/t java -jar $2 lint -q one.sql > $w/out-$1 2>&1; read u s e < $w/t; echo "$1 $(echo "$u + $s" | bc) $e $(cut -d' ' -f1 /proc/loadavg)"; }
one A $A; one B $B
for i in 1 2 3 4 5 6; do one A $A; one B $B; one B $B; one A $A; done
diff <(grep -v '^$' out-A) <(grep -v '^$' out-B) && echo "same report"
