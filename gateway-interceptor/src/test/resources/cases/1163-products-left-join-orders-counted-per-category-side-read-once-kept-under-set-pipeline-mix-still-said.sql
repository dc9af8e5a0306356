-- expect: WARN stateful-without-ttl
-- Case 980's control: products read once from CSV files LEFT JOIN the orders stream, counted per category. Under a
-- rewrite's SET of 1 d with the products' side pinned at '0', case 980's inner join emits inserts only, each once, when
-- an order meets the products read: nothing a forgotten category receives is a duplicate or an update, and its
-- changes: line no longer warns of them (TtlMix). Here the join keeps every product row and emits updates: a product's
-- row padded with nulls is retracted when its first order arrives, and a category the aggregation forgot after 1 d
-- receives that retraction. Its changes: line still says the pipeline expires apart (golden 1163).
CREATE TABLE orders (order_id STRING, product_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE products (product_id STRING, category STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-1163', 'format' = 'csv');

SELECT p.category, COUNT(o.order_id) AS orders_in_category
FROM products p
LEFT JOIN orders o ON o.product_id = p.product_id
GROUP BY p.category;
