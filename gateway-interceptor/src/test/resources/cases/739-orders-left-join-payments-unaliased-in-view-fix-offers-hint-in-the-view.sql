-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-fix: or per side in the view orders_with_payment, whose join this is, on its joining SELECT: /*+ STATE_TTL('orders' = '1 d', 'payments' = '1 d') */
-- Orders with their payment, a LEFT join of two unaliased tables inside a view the statement filters. The fix offered
-- only the session SET, as the per-side hint cannot go on the statement (it names neither table); the state-ttl-hint
-- rewrite puts it in the view (ALTER VIEW). The fix now offers the same hint in the view, by the names the view's
-- SELECT gives the tables (Flink expands the view, and the plan keeps none of them: the planning reads them from the
-- view's query, plan.ViewJoin).
CREATE TABLE orders (order_id STRING, user_id STRING, amount DECIMAL(10, 2)) WITH ('connector' = 'datagen');

CREATE TABLE payments (order_id STRING, pay_method STRING) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW orders_with_payment AS
SELECT orders.order_id, orders.amount, payments.pay_method
FROM orders
LEFT JOIN payments ON orders.order_id = payments.order_id;

SELECT order_id, amount, pay_method FROM orders_with_payment WHERE amount > 100;
