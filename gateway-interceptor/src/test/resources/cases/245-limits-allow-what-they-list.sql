-- expect: OK
-- expect-absent: jar-not-allowed function-class-not-allowed connector-not-allowed path-not-allowed
-- policy: sql-guard.allow.jars=/opt/sql-guard/udf;hdfs://namenode:8020/jars
-- policy: sql-guard.allow.function-classes=com.acme.udf.*;org.example.Upper
-- policy: sql-guard.allow.connectors=datagen;blackhole;print;filesystem
-- policy: sql-guard.allow.paths=/tmp/sql-guard-data;s3://lake/landing
-- Under the same limits, what they list passes: allowed connectors, a path under an allowed location
-- (file: and plain absolute paths are one location, a trailing '/' changes nothing).
CREATE TABLE orders (order_id STRING, user_id STRING, amount DOUBLE) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE landing (line STRING) WITH ('connector' = 'filesystem', 'path' = 'file:/tmp/sql-guard-data/landing/', 'format' = 'raw');

SELECT * FROM orders;
