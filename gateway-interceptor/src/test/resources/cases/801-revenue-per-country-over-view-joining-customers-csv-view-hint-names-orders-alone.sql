-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-reason: the right side (customers) is a bounded source, read once
-- Revenue per country over a view that joins orders with customers read once from CSV files: the join is the view's,
-- the aggregation the statement's. The join's state-ttl-hint rewrite redefines the view with a hint on the orders
-- alone, the customers' rows kept to be matched (golden 801).
CREATE TABLE orders (order_id STRING, customer_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE customers (customer_id STRING, name STRING, country STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-801', 'format' = 'csv');

CREATE TEMPORARY VIEW orders_with_country AS
SELECT o.order_id, o.amount, c.country
FROM orders o
JOIN customers c ON o.customer_id = c.customer_id;

SELECT country, SUM(amount) AS revenue FROM orders_with_country GROUP BY country;
