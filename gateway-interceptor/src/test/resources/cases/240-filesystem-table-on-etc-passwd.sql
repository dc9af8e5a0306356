-- expect: BLOCK path-not-allowed
-- expect-absent: connector-not-allowed
-- policy: sql-guard.allow.jars=/opt/sql-guard/udf;hdfs://namenode:8020/jars
-- policy: sql-guard.allow.function-classes=com.acme.udf.*;org.example.Upper
-- policy: sql-guard.allow.connectors=datagen;blackhole;print;filesystem
-- policy: sql-guard.allow.paths=/tmp/sql-guard-data;s3://lake/landing
-- The filesystem connector is allowed, /etc/passwd is not under sql-guard.allow.paths (a stock gateway
-- returns its lines to a SELECT).
CREATE TABLE passwd (line STRING) WITH ('connector' = 'filesystem', 'path' = '/etc/passwd', 'format' = 'raw');
