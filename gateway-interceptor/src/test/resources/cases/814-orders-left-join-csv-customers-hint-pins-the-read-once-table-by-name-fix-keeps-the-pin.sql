-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-fix: /*+ STATE_TTL('customers' = '0', 'orders' = '1 d') */, leaving the side read once (customers) pinned at '0'
-- expect-fix-absent: 'customers' = '1 d'
-- Orders LEFT joined with customers read once from CSV files, the user's hint pinning the customers by the table's
-- name ('0': the rows read once stay, as they must). The orders' side grows. The fix proposed replacing the pin with
-- '1 d' while the rewrite kept it; both keep the pin and add the orders (golden 814).
CREATE TABLE orders (order_id STRING, customer_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE customers (customer_id STRING, name STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-814', 'format' = 'csv');

SELECT /*+ STATE_TTL('customers' = '0') */ orders.order_id, orders.amount, customers.name
FROM orders
LEFT JOIN customers ON orders.customer_id = customers.customer_id;
