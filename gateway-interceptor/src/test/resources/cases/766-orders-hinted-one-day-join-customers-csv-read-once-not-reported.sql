-- expect: OK
-- expect-absent: stateful-without-ttl
-- The streaming side hinted with 1 d and the customers, read once, left without a TTL (the state-ttl-hint rewrite of
-- 753, written by hand): only the bounded side's state never expires, and it holds the rows read, no more. Before,
-- this was reported as "the right side's state grows forever".
CREATE TABLE orders (order_id STRING, customer_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE customers (customer_id STRING, name STRING, country STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-766', 'format' = 'csv');

SELECT /*+ STATE_TTL('o' = '1 d') */ o.order_id, c.name, o.amount
FROM orders o
JOIN customers c ON o.customer_id = c.customer_id;
