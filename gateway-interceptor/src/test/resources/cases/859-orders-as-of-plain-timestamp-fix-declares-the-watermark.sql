-- expect: BLOCK planner-error
-- expect-fix: o.ts after FOR SYSTEM_TIME AS OF is a plain timestamp of the join's left input, not a time attribute
-- expect-fix: declare a WATERMARK on that column in the left table's DDL
-- expect-fix-absent: Correct the statement as Flink's message says
-- Flink's plan test TemporalJoinTest#testInvalidTemporalTablJoin (its first query): the left table has a TIMESTAMP(3)
-- column ts and no WATERMARK, and the join is written FOR SYSTEM_TIME AS OF o.ts. Flink 2.3.0 refuses it, "Temporal
-- table join currently only supports 'FOR SYSTEM_TIME AS OF' left table's time attribute field"; the guard answered
-- "Correct the statement as Flink's message says", which does not say what makes a column a time attribute.
CREATE TABLE orders_without_time (
  amount INT,
  currency STRING,
  ts TIMESTAMP(3)
) WITH ('connector' = 'datagen');

CREATE TABLE rates (
  currency STRING,
  rate INT,
  rowtime TIMESTAMP(3),
  WATERMARK FOR rowtime AS rowtime,
  PRIMARY KEY (currency) NOT ENFORCED
) WITH ('connector' = 'datagen');

SELECT * FROM orders_without_time AS o
JOIN rates FOR SYSTEM_TIME AS OF o.ts AS r
ON o.currency = r.currency;
