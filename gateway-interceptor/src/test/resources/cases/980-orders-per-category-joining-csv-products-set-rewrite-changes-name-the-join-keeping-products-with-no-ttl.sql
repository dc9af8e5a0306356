-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- expect-reason: the right side (products) is a bounded source, read once
-- Orders counted per category, orders joined with products read once from CSV files. The session-state-ttl rewrite
-- pins the products' side at '0' beside the SET, so the join keeps the products' rows with no TTL and the orders' rows
-- 1 d, under an aggregation at 1 d. Its changes: line named them "the GroupAggregate (1 d) over the Join (0, never
-- expires/1 d)"; it now says which operator keeps which rows for how long, by the tables a user knows (golden 980;
-- 949 for two joins).
CREATE TABLE orders (order_id STRING, product_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE products (product_id STRING, category STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-980', 'format' = 'csv');

SELECT p.category, COUNT(*) AS orders_in_category
FROM orders o
JOIN products p ON o.product_id = p.product_id
GROUP BY p.category;
