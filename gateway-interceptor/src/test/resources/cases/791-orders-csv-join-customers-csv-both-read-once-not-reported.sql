-- expect: OK
-- expect-absent: stateful-without-ttl
-- Two tables of CSV files, neither watched ('source.monitor-interval' unset): Flink translates both scans as
-- bounded sources, so the regular join's job finishes once both are read and its state holds what they gave. It was
-- reported as "both sides' state grows forever", with a TTL as the fix.
CREATE TABLE orders (order_id STRING, customer_id STRING, amount DOUBLE)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-791-orders', 'format' = 'csv');

CREATE TABLE customers (customer_id STRING, name STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-791-customers', 'format' = 'csv');

SELECT o.order_id, c.name, o.amount
FROM orders o
JOIN customers c ON o.customer_id = c.customer_id;
