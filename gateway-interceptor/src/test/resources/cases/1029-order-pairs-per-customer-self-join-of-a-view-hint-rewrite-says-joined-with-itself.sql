-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- Pairs of large orders per customer: a view over orders read twice (a self-join through the view, a and b). The
-- hint rewrite's changes: line read "the Join of orders with orders"; the statement names the view, not orders, so the
-- join is now "the Join of orders with itself" (golden).
CREATE TABLE orders (order_id STRING, customer_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW large_orders AS SELECT * FROM orders WHERE amount > 100;

SELECT a.customer_id, COUNT(*) AS pairs
FROM large_orders a
JOIN large_orders b ON a.customer_id = b.customer_id AND a.order_id < b.order_id
GROUP BY a.customer_id;
