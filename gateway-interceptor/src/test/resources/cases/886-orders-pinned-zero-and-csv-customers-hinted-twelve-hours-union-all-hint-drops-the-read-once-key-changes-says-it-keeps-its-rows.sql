-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- Case 880 where each SELECT's own hint pins the orders at '0' and gives the customers read once 12 h: the rewrite
-- replaces the orders' pins and drops the customers' 12 h. The finding's join is not matched to one SELECT (two joins of
-- the same tables), and its changes: line says what the hints written do to the side read once (golden 886).
CREATE TABLE orders (order_id STRING, customer_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE customers (customer_id STRING, name STRING, country STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-886', 'format' = 'csv');

SELECT /*+ STATE_TTL('o' = '0', 'c' = '12 h') */ o.order_id, c.country, o.amount AS sold
FROM orders o
JOIN customers c ON o.customer_id = c.customer_id
WHERE o.amount >= 0
UNION ALL
SELECT /*+ STATE_TTL('o' = '0') */ o.order_id, c.country, -o.amount
FROM orders o
JOIN customers c ON o.customer_id = c.customer_id
WHERE o.amount < 0;
