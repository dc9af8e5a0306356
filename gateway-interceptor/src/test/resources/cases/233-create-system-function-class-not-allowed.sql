-- expect: BLOCK function-class-not-allowed
-- policy: sql-guard.allow.jars=/opt/sql-guard/udf;hdfs://namenode:8020/jars
-- policy: sql-guard.allow.function-classes=com.acme.udf.*;org.example.Upper
-- policy: sql-guard.allow.connectors=datagen;blackhole;print;filesystem
-- policy: sql-guard.allow.paths=/tmp/sql-guard-data;s3://lake/landing
-- A temporary system function whose class is outside sql-guard.allow.function-classes: refused before
-- the planner could run its eval (constant folding of a call with literal arguments).
CREATE TEMPORARY SYSTEM FUNCTION leak AS 'org.evil.udf.ReadFiles';
