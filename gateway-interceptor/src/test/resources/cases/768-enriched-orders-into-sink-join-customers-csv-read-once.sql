-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-reason: the right side (customers) is a bounded source, read once
-- expect-fix: /*+ STATE_TTL('orders' = '1 d') */, leaving the side read once (customers) out of the hint
-- An INSERT of the 753 join into a sink, the tables unaliased: the hint names the orders table alone.
CREATE TABLE orders (order_id STRING, customer_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE customers (customer_id STRING, name STRING, country STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-768', 'format' = 'csv');

CREATE TABLE enriched_orders (order_id STRING, name STRING, amount DOUBLE) WITH ('connector' = 'blackhole');

INSERT INTO enriched_orders
SELECT orders.order_id, customers.name, orders.amount
FROM orders
JOIN customers ON orders.customer_id = customers.customer_id;
