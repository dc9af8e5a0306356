-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-reason: (left: orders AS o, right: shipments AS s, joined in the view shipped_orders) on o.order_id = s.order_id:
-- expect-reason-absent: on order_id = order_id
-- expect-fix: in the view shipped_orders, whose join this is, on its joining SELECT: /*+ STATE_TTL('o' = '1 d', 's' = '1 d') */
-- Orders joined with shipments in a view, aliased o and s, read by a statement that filters the view; no hint, no
-- session TTL. The plan keeps no alias of the view's query, so the join's condition read "on order_id = order_id" and
-- its state-ttl-hint rewrite said "this statement's join keeps each row": the condition names each side as the view's
-- query does, and the rewrite's changes: line says the join of the view shipped_orders (golden 780).
CREATE TABLE orders (order_id STRING, user_id STRING, amount DECIMAL(10, 2)) WITH ('connector' = 'datagen');

CREATE TABLE shipments (order_id STRING, carrier STRING) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW shipped_orders AS
SELECT o.order_id, o.amount, s.carrier
FROM orders o
JOIN shipments s ON o.order_id = s.order_id;

SELECT order_id, carrier FROM shipped_orders WHERE amount > 100;
