-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-reason: the right side (customers) is a bounded source, read once
-- expect-fix: in the view enriched_orders, whose join this is, on its joining SELECT: /*+ STATE_TTL('o' = '1 d') */
-- Orders enriched with customers from CSV files (a filesystem table without 'source.monitor-interval', which Flink
-- translates as a bounded source) inside a view, read by a statement that filters it. The state-ttl-hint rewrite
-- hints the view's streaming side alone; its changes: line said "this statement's join keeps each row of o", though
-- the join is the view's and the statement runs as it is: it says the join of the view enriched_orders (golden 788).
CREATE TABLE orders (order_id STRING, customer_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE customers (customer_id STRING, name STRING, country STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-788', 'format' = 'csv');

CREATE TEMPORARY VIEW enriched_orders AS
SELECT o.order_id, o.amount, c.name, c.country
FROM orders o
JOIN customers c ON o.customer_id = c.customer_id;

SELECT order_id, name FROM enriched_orders WHERE amount > 100;
