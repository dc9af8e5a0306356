-- expect: WARN stateful-without-ttl ttl-expires-read-once-side
-- expect-rewrite: state-ttl-hint
-- Orders joined with customers read once from CSV files, the user's hint giving the customers' side 12 h (which expires
-- the rows read once for good: ttl-expires-read-once-side) and naming no TTL for the orders, which keep the session's,
-- none. The fix hints the orders in place of the customers; the rewrite kept the 12 h, added the orders, and said that
-- its 1 d expired the customers' rows. It drops 'c' = '12 h' as the fix does, says so first, and hints the orders alone
-- (golden 807; case 796 is the same shape with the rule's own findings).
CREATE TABLE orders (order_id STRING, customer_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE customers (customer_id STRING, name STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-807', 'format' = 'csv');

SELECT /*+ STATE_TTL('c' = '12 h') */ o.order_id, o.amount, c.name
FROM orders o
JOIN customers c ON o.customer_id = c.customer_id;
