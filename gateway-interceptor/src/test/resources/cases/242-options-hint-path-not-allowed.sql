-- expect: BLOCK path-not-allowed
-- policy: sql-guard.allow.jars=/opt/sql-guard/udf;hdfs://namenode:8020/jars
-- policy: sql-guard.allow.function-classes=com.acme.udf.*;org.example.Upper
-- policy: sql-guard.allow.connectors=datagen;blackhole;print;filesystem
-- policy: sql-guard.allow.paths=/tmp/sql-guard-data;s3://lake/landing
-- A table on an allowed path, read with an OPTIONS hint that points it elsewhere: the table's setup
-- is allowed, the hint is not.
CREATE TABLE landing (line STRING) WITH ('connector' = 'filesystem', 'path' = '/tmp/sql-guard-data/landing', 'format' = 'raw');

SELECT * FROM landing /*+ OPTIONS('path' = '/etc') */;
