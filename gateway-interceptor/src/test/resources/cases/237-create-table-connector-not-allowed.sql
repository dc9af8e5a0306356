-- expect: BLOCK connector-not-allowed
-- policy: sql-guard.allow.jars=/opt/sql-guard/udf;hdfs://namenode:8020/jars
-- policy: sql-guard.allow.function-classes=com.acme.udf.*;org.example.Upper
-- policy: sql-guard.allow.connectors=datagen;blackhole;print;filesystem
-- policy: sql-guard.allow.paths=/tmp/sql-guard-data;s3://lake/landing
-- A connector outside sql-guard.allow.connectors.
CREATE TABLE events (id STRING) WITH ('connector' = 'kafka', 'topic' = 'events', 'properties.bootstrap.servers' = 'localhost:9092', 'format' = 'json');
