-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- Case 880 where each SELECT's own hint pins the orders at '0': the rewrite replaces both pins with '1 d' (said once),
-- and the finding's join is not matched to one SELECT (two joins of the same tables). Its changes: line said the TTL
-- expires the customers' rows, though no hint written names them; it says they keep the session's TTL, none (golden
-- 886). With a 'c' = '12 h' the rewrite drops, the hint's options are written anew alone (case 917).
CREATE TABLE orders (order_id STRING, customer_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE customers (customer_id STRING, name STRING, country STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-886', 'format' = 'csv');

SELECT /*+ STATE_TTL('o' = '0') */ o.order_id, c.country, o.amount AS sold
FROM orders o
JOIN customers c ON o.customer_id = c.customer_id
WHERE o.amount >= 0
UNION ALL
SELECT /*+ STATE_TTL('o' = '0') */ o.order_id, c.country, -o.amount
FROM orders o
JOIN customers c ON o.customer_id = c.customer_id
WHERE o.amount < 0;
