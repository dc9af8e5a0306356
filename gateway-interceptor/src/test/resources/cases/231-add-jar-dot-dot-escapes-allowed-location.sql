-- expect: BLOCK jar-not-allowed
-- policy: sql-guard.allow.jars=/opt/sql-guard/udf;hdfs://namenode:8020/jars
-- policy: sql-guard.allow.function-classes=com.acme.udf.*;org.example.Upper
-- policy: sql-guard.allow.connectors=datagen;blackhole;print;filesystem
-- policy: sql-guard.allow.paths=/tmp/sql-guard-data;s3://lake/landing
-- A jar path that starts with an allowed location and leaves it with '..': matched after Flink's Path
-- normalises it (/opt/sql-guard/udf/../../../tmp/evil.jar is /tmp/evil.jar), so refused.
ADD JAR '/opt/sql-guard/udf/../../../tmp/evil.jar';
