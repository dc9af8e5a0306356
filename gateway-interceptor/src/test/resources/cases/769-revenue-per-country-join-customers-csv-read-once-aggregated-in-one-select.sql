-- expect: WARN stateful-without-ttl
-- expect-reason: the right side (customers) is a bounded source, read once
-- expect-fix: the SET would expire the rows of the join's side read once too (customers): pin the side read once (c) on the join's SELECT: /*+ STATE_TTL('c' = '0') */
-- Revenue per country: orders joined with customers read once from CSV files, and aggregated in the same SELECT.
-- The finding says the customers are read once; a rewrite whose TTL reaches both sides of the join (a hint on a
-- SELECT that aggregates too names both inputs) says in its changes: line that it expires the customers' rows too
-- (golden file). The aggregation's fix and its session-state-ttl rewrite offered the SET alone, which expires them:
-- both pin the customers' side with STATE_TTL('c' = '0') beside the SET.
CREATE TABLE orders (order_id STRING, customer_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE customers (customer_id STRING, name STRING, country STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-769', 'format' = 'csv');

SELECT c.country, SUM(o.amount) AS revenue
FROM orders o
JOIN customers c ON o.customer_id = c.customer_id
GROUP BY c.country;
