-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-reason: the right side (customers) is a bounded source, read once
-- Sales and refunds of one orders table, each joined with customers read once from CSV files, in one UNION ALL: two
-- joins of the same tables, so the finding's join is not matched to one SELECT, and the changes: line said the TTL
-- "expires its rows too" for the customers' side, though each SELECT's hint names o alone. It now says what the hints
-- written do to that side: no key names it, and it keeps the session's TTL, none (golden 880).
CREATE TABLE orders (order_id STRING, customer_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE customers (customer_id STRING, name STRING, country STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-880', 'format' = 'csv');

SELECT o.order_id, c.country, o.amount AS sold
FROM orders o
JOIN customers c ON o.customer_id = c.customer_id
WHERE o.amount >= 0
UNION ALL
SELECT o.order_id, c.country, -o.amount
FROM orders o
JOIN customers c ON o.customer_id = c.customer_id
WHERE o.amount < 0;
