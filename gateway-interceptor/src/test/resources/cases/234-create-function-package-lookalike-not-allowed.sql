-- expect: BLOCK function-class-not-allowed
-- policy: sql-guard.allow.jars=/opt/sql-guard/udf;hdfs://namenode:8020/jars
-- policy: sql-guard.allow.function-classes=com.acme.udf.*;org.example.Upper
-- policy: sql-guard.allow.connectors=datagen;blackhole;print;filesystem
-- policy: sql-guard.allow.paths=/tmp/sql-guard-data;s3://lake/landing
-- 'com.acme.udf.*' allows the package com.acme.udf and those under it, not com.acme.udfx.
CREATE FUNCTION lookalike AS 'com.acme.udfx.Eval' LANGUAGE JAVA;
