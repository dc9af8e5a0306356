-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- Orders joined with customers read once from CSV files, the user's hint pinning the orders' side at '0'. The rewrite
-- replaces that pin (the finding's cause) and, since the session has no TTL, named every input the hint did not: the
-- customers got '1 d', which expires the rows read once. It replaces the pin alone (golden 804).
CREATE TABLE orders (order_id STRING, customer_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE customers (customer_id STRING, name STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-804', 'format' = 'csv');

SELECT /*+ STATE_TTL('o' = '0') */ o.order_id, o.amount, c.name
FROM orders o
JOIN customers c ON o.customer_id = c.customer_id;
