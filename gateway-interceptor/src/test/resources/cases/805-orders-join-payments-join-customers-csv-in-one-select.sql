-- expect: WARN stateful-without-ttl
-- Three inputs joined in one SELECT, the last read once from CSV files.
CREATE TABLE orders (order_id STRING, customer_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE payments (order_id STRING, paid DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE customers (customer_id STRING, name STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-805', 'format' = 'csv');

SELECT o.order_id, p.paid, c.name
FROM orders o
JOIN payments p ON o.order_id = p.order_id
JOIN customers c ON o.customer_id = c.customer_id;
