-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- Orders joined with customers read once from CSV files, the user's hint giving the customers' side 12 h (which expires
-- the rows read once: the user's choice) and naming no TTL for the orders, which keep the session's, none. The
-- rewrite adds the orders' TTL and keeps the 12 h as written; its changes: line must not say that the rewrite's 1 d
-- expires the customers, nor that they keep their rows with no TTL (golden 807).
CREATE TABLE orders (order_id STRING, customer_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE customers (customer_id STRING, name STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-807', 'format' = 'csv');

SELECT /*+ STATE_TTL('c' = '12 h') */ o.order_id, o.amount, c.name
FROM orders o
JOIN customers c ON o.customer_id = c.customer_id;
