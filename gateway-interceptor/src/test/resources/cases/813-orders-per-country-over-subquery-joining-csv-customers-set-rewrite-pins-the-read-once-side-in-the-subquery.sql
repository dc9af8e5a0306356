-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- expect-fix: pin the side read once (c) on the join's SELECT: /*+ STATE_TTL('c' = '0') */
-- Orders counted per country over a subquery that joins them with customers read once from CSV files. The
-- aggregation's fix and its session-state-ttl rewrite offered the SET alone, which expires the customers' rows a day
-- after they were read (after that no order finds its country); both now pin the customers' side with '0' on the
-- subquery's SELECT, where the join is written (golden 813).
CREATE TABLE orders (order_id STRING, customer_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE customers (customer_id STRING, country STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-813', 'format' = 'csv');

SELECT t.country, COUNT(*) AS orders_placed
FROM (
  SELECT o.order_id, c.country
  FROM orders o
  JOIN customers c ON o.customer_id = c.customer_id
) t
GROUP BY t.country;
