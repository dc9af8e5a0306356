-- expect: WARN stateful-without-ttl
-- expect-reason: a STATE_TTL hint pins both sides' state to never expire (STATE_TTL('p' = '0', 'r' = '0') in the view refunded_payments, the user's choice
-- expect-fix: on the joining SELECT of the view refunded_payments
-- expect-fix: /*+ STATE_TTL('p' = '1 d', 'r' = '1 d') */
-- expect-fix-absent: Bound the join's state with a TTL longer than a row must wait for its match: SET
-- expect-reason: (left: payments AS p, right: refunds AS r, joined in the view refunded_payments) on p.order_id = r.order_id:
-- Refunds per order over a view whose joining SELECT pins both of its inputs with STATE_TTL('p' = '0', 'r' = '0'), no
-- session TTL. The join's finding gave no pin, and its fix offered the session SET, which reaches neither side: it now
-- names both pins with their view, and the fix changes them in the view.
-- The condition read "on order_id = order_id" (the plan keeps no alias of the view's query): it names each
-- side as the view's query does, and says the join is the view's.
CREATE TABLE payments (payment_id STRING, order_id STRING, amount DECIMAL(10, 2)) WITH ('connector' = 'datagen');

CREATE TABLE refunds (order_id STRING, reason STRING) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW refunded_payments AS
SELECT /*+ STATE_TTL('p' = '0', 'r' = '0') */ p.order_id, p.amount, r.reason
FROM payments p
JOIN refunds r ON p.order_id = r.order_id;

SELECT order_id, amount, reason FROM refunded_payments WHERE amount > 100;
