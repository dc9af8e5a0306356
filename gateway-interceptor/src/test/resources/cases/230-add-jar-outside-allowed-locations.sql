-- expect: BLOCK jar-not-allowed
-- policy: sql-guard.allow.jars=/opt/sql-guard/udf;hdfs://namenode:8020/jars
-- policy: sql-guard.allow.function-classes=com.acme.udf.*;org.example.Upper
-- policy: sql-guard.allow.connectors=datagen;blackhole;print;filesystem
-- policy: sql-guard.allow.paths=/tmp/sql-guard-data;s3://lake/landing
-- Platform limits (one policy for every limit case): ADD JAR from a location outside sql-guard.allow.jars
-- is refused before anything runs; the planner would load its classes into the gateway.
ADD JAR '/tmp/udf/evil.jar';
