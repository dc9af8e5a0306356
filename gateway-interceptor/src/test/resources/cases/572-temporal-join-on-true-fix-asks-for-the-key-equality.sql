-- expect: BLOCK planner-error
-- expect-fix: its join condition needs an equality between a column of the left input and a column of that table
-- Orders joined with customers as of their processing time ON TRUE (Flink's
-- LookupJoinTest#testJoinTemporalTableWithTrueCondition): Flink 2.3.0 refuses it ("Currently the join key in Temporal
-- Table Join can not be empty.", LogicalCorrelateToJoinFromTemporalTableRule; a lookup source words it "Temporal table
-- join requires an equality condition on fields of table [...]"); the guard said only to correct the statement.
CREATE TABLE orders (
  order_id STRING,
  customer_id INT,
  amount DOUBLE,
  proc_time AS PROCTIME()
) WITH ('connector' = 'datagen');

CREATE TABLE customers (
  id INT,
  name STRING,
  country STRING
) WITH ('connector' = 'datagen');

SELECT o.order_id, c.name
FROM orders AS o
JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c
ON TRUE;
