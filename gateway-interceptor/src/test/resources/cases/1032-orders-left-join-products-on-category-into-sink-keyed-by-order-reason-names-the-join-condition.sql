-- expect: BLOCK on-conflict-required
-- expect-reason: the statement's LEFT JOIN on o.category = p.category joins orders and products, neither of which declares a PRIMARY KEY: neither input has a unique key
-- expect-reason-absent: loses it
-- expect-reason-absent: (an aggregated value)
-- Orders outer-joined with the products of their category (neither table has a key) into a sink keyed by order_id.
-- The reason named "a join on another column (an aggregated value)", where no column of the join is aggregated: it
-- now names the join's condition as written, and (round 67) that neither input has a key for the join to lose.
CREATE TABLE orders (order_id STRING, category STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE products (product_id STRING, category STRING, price DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE order_products (order_id STRING, product_id STRING, PRIMARY KEY (order_id) NOT ENFORCED)
WITH ('connector' = 'blackhole');

SET 'table.exec.state.ttl' = '1 d';

INSERT INTO order_products
SELECT o.order_id, p.product_id
FROM orders o
LEFT JOIN products p ON o.category = p.category;
