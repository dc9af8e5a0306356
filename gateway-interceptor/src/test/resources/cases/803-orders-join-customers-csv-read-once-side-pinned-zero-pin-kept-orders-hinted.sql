-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- Orders joined with customers read once from CSV files, the user's hint pinning the customers' side at '0' (never
-- expire: the rows read once stay, as they must). The orders' side, which the hint does not name, keeps the session's
-- TTL, none. The rewrite replaced the pin with '1 d' and named the orders too; it keeps the pin as the user wrote it
-- and adds the orders alone (golden 803).
CREATE TABLE orders (order_id STRING, customer_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE customers (customer_id STRING, name STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-803', 'format' = 'csv');

SELECT /*+ STATE_TTL('c' = '0') */ o.order_id, o.amount, c.name
FROM orders o
JOIN customers c ON o.customer_id = c.customer_id;
