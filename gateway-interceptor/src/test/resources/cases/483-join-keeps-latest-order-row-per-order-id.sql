-- expect: WARN stateful-without-ttl
-- expect-reason: the latest row per unique key (order_id) of the left input
-- expect-reason: one row of the right input (its unique key (id) lies within the join key)
-- expect-reason-absent: every row of both inputs
-- Orders keyed by order_id joined on customer_id with customers keyed by id: the left input has a unique key
-- that is not within the join key (Flink's HasUniqueKey: a MapState of the latest row per order_id under each
-- customer_id), the right one a unique key that is the join key (one row per customer). Both said per input.
CREATE TABLE orders (
  order_id STRING,
  customer_id STRING,
  amount DECIMAL(10, 2),
  PRIMARY KEY (order_id) NOT ENFORCED
) WITH ('connector' = 'datagen');

CREATE TABLE customers (
  id STRING,
  name STRING,
  PRIMARY KEY (id) NOT ENFORCED
) WITH ('connector' = 'datagen');

SELECT o.order_id, o.amount, c.name
FROM orders o
JOIN customers c ON o.customer_id = c.id;
