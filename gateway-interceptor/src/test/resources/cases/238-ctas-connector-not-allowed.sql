-- expect: BLOCK connector-not-allowed
-- policy: sql-guard.allow.jars=/opt/sql-guard/udf;hdfs://namenode:8020/jars
-- policy: sql-guard.allow.function-classes=com.acme.udf.*;org.example.Upper
-- policy: sql-guard.allow.connectors=datagen;blackhole;print;filesystem
-- policy: sql-guard.allow.paths=/tmp/sql-guard-data;s3://lake/landing
-- CREATE TABLE AS SELECT into a connector the platform does not allow: refused without planning; the
-- setup on allowed connectors is not.
CREATE TABLE orders (order_id STRING, user_id STRING, amount DOUBLE) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE copied WITH ('connector' = 'kafka', 'topic' = 'copied', 'properties.bootstrap.servers' = 'localhost:9092', 'format' = 'json') AS SELECT * FROM orders;
