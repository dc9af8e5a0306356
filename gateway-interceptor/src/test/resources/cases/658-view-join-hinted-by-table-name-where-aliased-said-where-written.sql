-- expect: WARN ttl-hint-ignored
-- expect-absent: ttl-bare-number
-- expect-reason: names 'orders', which is no input of its SELECT (its inputs: 'o', 'c')
-- expect-fix: one of 'o', 'c'
-- A view joining orders with customers, its STATE_TTL hint naming the orders table by its name where the SELECT
-- gives it the alias o: Flink matches a hint's key to an input's alias (QueryHintsResolver), so the view is accepted
-- and every query reading it refused. Nothing was said when the view was created.
CREATE TABLE orders (
  order_id STRING,
  customer_id STRING,
  amount DOUBLE
) WITH ('connector' = 'datagen');

CREATE TABLE customers (
  customer_id STRING,
  name STRING
) WITH ('connector' = 'datagen');

CREATE VIEW order_names AS
SELECT /*+ STATE_TTL('orders' = '1 d', 'c' = '1 d') */ o.order_id, c.name, o.amount
FROM orders o
JOIN customers c ON o.customer_id = c.customer_id;
