-- expect: WARN stateful-without-ttl
-- expect-reason: right: the query after EXCEPT, over readings
-- expect-reason: sensor_id = the query after EXCEPT's sensor_id
-- expect-reason-absent: the subquery's
-- Flink's plan test SetOperatorsTest#testMinusWithNestedTypes (SELECT * FROM MyTable EXCEPT SELECT * FROM MyTable):
-- one table on both sides. The guard's join condition read "a = the subquery's a": the statement has no subquery.
CREATE TABLE readings (
  sensor_id STRING,
  reading DOUBLE,
  site STRING
) WITH ('connector' = 'datagen');

SELECT * FROM readings
EXCEPT
SELECT * FROM readings;
