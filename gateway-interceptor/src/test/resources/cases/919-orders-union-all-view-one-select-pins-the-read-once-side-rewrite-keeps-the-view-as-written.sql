-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- Case 917's UNION ALL as a view the script defines, read by the statement: the finding's rewrite writes the view's
-- SELECTs' hints anew where they stand, the rest of the view's text as written.
CREATE TABLE orders (order_id STRING, customer_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE customers (customer_id STRING, name STRING, country STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-919', 'format' = 'csv');

CREATE TEMPORARY VIEW signed_orders AS
SELECT /*+ STATE_TTL('o' = '0', 'c' = '12 h') */ o.order_id, c.country, o.amount AS sold
FROM orders o
JOIN customers c ON o.customer_id = c.customer_id
WHERE o.amount >= 0
UNION ALL
SELECT /*+ STATE_TTL('o' = '0') */ o.order_id, c.country, -o.amount
FROM orders o
JOIN customers c ON o.customer_id = c.customer_id
WHERE o.amount < 0;

SELECT order_id, country, sold FROM signed_orders WHERE sold <> 0;
