-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-reason: is a bounded source, read once
-- expect-fix: /*+ STATE_TTL('o' = '1 d') */, leaving the side read once (g) out of the hint
-- The side read once is a view over the CSV customers (a filter on country): what the view gives is as bounded as
-- the table it reads. The hint names the orders' alias; the view's alias keeps its rows.
CREATE TABLE orders (order_id STRING, customer_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE customers (customer_id STRING, name STRING, country STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-757', 'format' = 'csv');

CREATE TEMPORARY VIEW german_customers AS SELECT customer_id, name FROM customers WHERE country = 'DE';

SELECT o.order_id, g.name, o.amount
FROM orders o
JOIN german_customers g ON o.customer_id = g.customer_id;
