-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-reason: the right side (customers) is a bounded source, read once
-- Three inputs in two joins: orders joined with payments in a subquery (two streams), and that joined with customers
-- read once from CSV files. The rewrite hinted every input of both SELECTs, the customers too; it hints the subquery's
-- two streams and, on the outer SELECT, the subquery alone (golden 802).
CREATE TABLE orders (order_id STRING, customer_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE payments (order_id STRING, paid DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE customers (customer_id STRING, name STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-802', 'format' = 'csv');

SELECT op.order_id, op.paid, c.name
FROM (
  SELECT o.order_id, o.customer_id, p.paid
  FROM orders o
  JOIN payments p ON o.order_id = p.order_id
) op
JOIN customers c ON op.customer_id = c.customer_id;
