-- expect: BLOCK jar-not-allowed
-- expect-absent: function-class-not-allowed
-- policy: sql-guard.allow.jars=/opt/sql-guard/udf;hdfs://namenode:8020/jars
-- policy: sql-guard.allow.function-classes=com.acme.udf.*;org.example.Upper
-- policy: sql-guard.allow.connectors=datagen;blackhole;print;filesystem
-- policy: sql-guard.allow.paths=/tmp/sql-guard-data;s3://lake/landing
-- CREATE FUNCTION ... USING JAR from outside sql-guard.allow.jars: the class itself is allowed, its jar is not.
CREATE TEMPORARY FUNCTION upper_udf AS 'com.acme.udf.Upper' LANGUAGE JAVA USING JAR 'file:///tmp/udf/evil.jar';
