-- expect: BLOCK path-not-allowed
-- policy: sql-guard.allow.jars=/opt/sql-guard/udf;hdfs://namenode:8020/jars
-- policy: sql-guard.allow.function-classes=com.acme.udf.*;org.example.Upper
-- policy: sql-guard.allow.connectors=datagen;blackhole;print;filesystem
-- policy: sql-guard.allow.paths=/tmp/sql-guard-data;s3://lake/landing
-- Prefixes match at a '/' boundary: /tmp/sql-guard-data does not allow /tmp/sql-guard-data-other.
CREATE TABLE other (line STRING) WITH ('connector' = 'filesystem', 'path' = '/tmp/sql-guard-data-other/x', 'format' = 'raw');
