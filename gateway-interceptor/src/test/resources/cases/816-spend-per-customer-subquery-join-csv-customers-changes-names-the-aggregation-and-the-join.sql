-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- Spend per customer summed in a subquery, joined with customers read once from CSV files. The state-ttl-hint rewrite
-- hints the subquery's aggregation and, on the outer SELECT, the subquery alone; its changes: line named only the
-- outer join's TTL. It names every operator whose state the rewrite changes: the aggregation too (golden 816).
CREATE TABLE orders (order_id STRING, customer_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE customers (customer_id STRING, name STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-816', 'format' = 'csv');

SELECT s.customer_id, s.spent, c.name
FROM (
  SELECT o.customer_id, SUM(o.amount) AS spent
  FROM orders o
  GROUP BY o.customer_id
) s
JOIN customers c ON s.customer_id = c.customer_id;
