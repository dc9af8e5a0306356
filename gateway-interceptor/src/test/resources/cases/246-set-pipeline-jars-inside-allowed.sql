-- expect: OK
-- expect-absent: jar-not-allowed
-- policy: sql-guard.allow.jars=/opt/sql-guard/udf;hdfs://namenode:8020/jars
-- policy: sql-guard.allow.function-classes=com.acme.udf.*;org.example.Upper
-- policy: sql-guard.allow.connectors=datagen;blackhole;print;filesystem
-- policy: sql-guard.allow.paths=/tmp/sql-guard-data;s3://lake/landing
-- Jar locations inside the allowed ones, in Flink's list syntax: a file: URI under a plain absolute entry,
-- an HDFS URI under an entry with the same authority.
SET 'pipeline.jars' = 'file:///opt/sql-guard/udf/a.jar;hdfs://namenode:8020/jars/team/b.jar';
