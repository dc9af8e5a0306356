-- expect: BLOCK path-not-allowed
-- policy: sql-guard.allow.jars=/opt/sql-guard/udf;hdfs://namenode:8020/jars
-- policy: sql-guard.allow.function-classes=com.acme.udf.*;org.example.Upper
-- policy: sql-guard.allow.connectors=datagen;blackhole;print;filesystem
-- policy: sql-guard.allow.paths=/tmp/sql-guard-data;s3://lake/landing
-- A path that starts under an allowed location and leaves it with '..'.
CREATE TABLE passwd (line STRING) WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-data/../../etc/passwd', 'format' = 'raw');
