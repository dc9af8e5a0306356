-- expect: WARN stateful-without-ttl
-- expect-reason: (left: orders AS o, right: payments AS p, joined in the view order_payments) on o.order_id = p.order_id:
-- expect-reason-absent: on order_id = order_id
-- A view paid_orders filters another view, order_payments, which joins orders (o) with payments (p); the statement
-- reads paid_orders. The join is two views down: its condition names each side as order_payments' query does, and
-- says whose join it is.
CREATE TABLE orders (order_id STRING, user_id STRING) WITH ('connector' = 'datagen');

CREATE TABLE payments (order_id STRING, amount DECIMAL(10, 2)) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW order_payments AS
SELECT o.order_id, o.user_id, p.amount
FROM orders o
JOIN payments p ON o.order_id = p.order_id;

CREATE TEMPORARY VIEW paid_orders AS
SELECT order_id, user_id, amount FROM order_payments WHERE amount > 0;

SELECT user_id, amount FROM paid_orders;
