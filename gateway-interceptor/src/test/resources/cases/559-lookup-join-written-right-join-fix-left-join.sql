-- expect: BLOCK planner-error
-- expect-fix: is INNER or LEFT, never RIGHT
-- expect-fix: Write LEFT JOIN to keep every row of the left input
-- Orders joined with their customers as of the order's processing time, written RIGHT JOIN (Flink's
-- LookupJoinTest#testJoinInvalidJoinTemporalTable): Flink 2.3.0 refuses it with "Unknown join type RIGHT", which
-- names no join of the statement; the guard said "Correct the statement as Flink's message says".
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
RIGHT JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c
ON o.customer_id = c.id;
