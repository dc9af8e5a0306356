-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- Orders counted per customer for the customers who once spent over 500 (an IN subquery over the same table: Flink
-- plans a SEMI join of orders with the subquery's orders). The hint rewrite's changes: line read "the SEMI Join of orders
-- with orders keeps the rows of orders with no TTL", which does not say which side's rows: the subquery's side is now
-- named as such (golden).
CREATE TABLE orders (order_id STRING, customer_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

SELECT customer_id, COUNT(*) AS orders_count
FROM orders
WHERE customer_id IN (SELECT customer_id FROM orders WHERE amount > 500)
GROUP BY customer_id;
