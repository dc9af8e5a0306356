-- expect: WARN stateful-without-ttl
-- expect-reason: every row of the left input (it has no unique key)
-- expect-reason: one row of the right input (its unique key (id) lies within the join key)
-- expect-reason-absent: every row of both inputs
-- Orders (no key) joined with customers, whose primary key is the join key. Flink's JoinUtil#analyzeJoinInput
-- gives the right input JoinKeyContainsUniqueKey: StreamingJoinOperator keeps one customer row per join key
-- (a ValueState), and every order row (NoUniqueKey). The reason says so per input, read from the compiled plan's
-- upsert keys, where it said "every row of both inputs".
CREATE TABLE orders (
  order_id STRING,
  customer_id STRING,
  amount DECIMAL(10, 2)
) WITH ('connector' = 'datagen');

CREATE TABLE customers (
  id STRING,
  name STRING,
  PRIMARY KEY (id) NOT ENFORCED
) WITH ('connector' = 'datagen');

SELECT o.order_id, o.amount, c.name
FROM orders o
JOIN customers c ON o.customer_id = c.id;
