-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- expect-reason: the right side (customers) is a bounded source, read once
-- A view that joins orders with customers read once (a filesystem table), then the result with shipments. The
-- session-state-ttl rewrite answers both joins: the SET, with customers pinned at '0' in the view. Once it is proven,
-- the join that reads customers says so; the shipments join, which reads no side read once, said the same long pin as
-- its own fix. It now gets the SET, naming the rewrite's pin as the other join's in a few words (golden 949).
CREATE TABLE orders (order_id STRING, customer_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE shipments (order_id STRING, carrier STRING) WITH ('connector' = 'datagen');

CREATE TABLE customers (customer_id STRING, country STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-949', 'format' = 'csv');

CREATE TEMPORARY VIEW shipped_orders AS
SELECT o.order_id, c.country, s.carrier, o.amount
FROM orders o
JOIN customers c ON o.customer_id = c.customer_id
JOIN shipments s ON o.order_id = s.order_id;

SELECT carrier, country, amount FROM shipped_orders WHERE amount > 100;
