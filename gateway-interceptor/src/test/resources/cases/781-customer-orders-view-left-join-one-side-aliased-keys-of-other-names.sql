-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-reason: (left: orders AS o, right: customers, joined in the view customer_orders) on o.customer_id = customers.id:
-- expect-reason-absent: on customer_id = id
-- A view LEFT JOINs orders, aliased o, with customers, read by its own name, on keys of different names; the statement
-- reads the view with no join of its own, under no session TTL. The condition names each side as the view's query
-- does: the alias for orders, the table's name for customers (golden 781: the changes: line names the view's join).
CREATE TABLE orders (order_id STRING, customer_id STRING, amount DECIMAL(10, 2)) WITH ('connector' = 'datagen');

CREATE TABLE customers (id STRING, country STRING) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW customer_orders AS
SELECT o.order_id, o.amount, customers.country
FROM orders o
LEFT JOIN customers ON o.customer_id = customers.id;

SELECT order_id, amount, country FROM customer_orders;
