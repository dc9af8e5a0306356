-- expect: BLOCK jar-not-allowed
-- policy: sql-guard.allow.jars=/opt/sql-guard/udf;hdfs://namenode:8020/jars
-- policy: sql-guard.allow.function-classes=com.acme.udf.*;org.example.Upper
-- policy: sql-guard.allow.connectors=datagen;blackhole;print;filesystem
-- policy: sql-guard.allow.paths=/tmp/sql-guard-data;s3://lake/landing
-- pipeline.classpaths as Flink reads a list (';'): the first entry is allowed, the second is not.
SET 'pipeline.classpaths' = 'file:///opt/sql-guard/udf/a.jar;file:///tmp/udf/evil.jar';
