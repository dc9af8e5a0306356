-- expect: BLOCK planner-error
-- expect-fix: name a time attribute column of the join's left input
-- expect-fix: in place of the expression PROCTIME()
-- Orders enriched from a customer table read as of PROCTIME() rather than a column of orders (Flink's
-- LookupJoinTest#testJoinInvalidJoinTemporalTable): Flink 2.3.0 refuses it ("Unsupported time travel expression:
-- PROCTIME() for the expression can not be reduced to a constant by Flink.", FlinkCalciteSqlValidator). The fix is the
-- left table's processing-time column, which orders declares.
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
LEFT JOIN customers FOR SYSTEM_TIME AS OF PROCTIME() AS c
ON o.customer_id = c.id;
