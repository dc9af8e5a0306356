-- expect: BLOCK jar-not-allowed
-- policy: sql-guard.allow.jars=/opt/sql-guard/udf;hdfs://namenode:8020/jars
-- policy: sql-guard.allow.function-classes=com.acme.udf.*;org.example.Upper
-- policy: sql-guard.allow.connectors=datagen;blackhole;print;filesystem
-- policy: sql-guard.allow.paths=/tmp/sql-guard-data;s3://lake/landing
-- pipeline.jars puts a jar on the session's class path: judged like ADD JAR.
SET 'pipeline.jars' = 'file:///tmp/udf/evil.jar';
