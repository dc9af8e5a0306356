-- expect: WARN stateful-without-ttl
-- expect-reason: a STATE_TTL hint pins its state to never expire (STATE_TTL('refunded_payments' = '0'), the user's choice
-- expect-reason: a STATE_TTL hint pins both sides' state to never expire (STATE_TTL('p' = '0', 'r' = '0') in the view refunded_payments
-- expect-fix: in place of the '0' of its STATE_TTL hint: STATE_TTL('refunded_payments' = '1 d')
-- expect-fix-absent: in the STATE_TTL hint that pins it
-- expect-reason: joined in the view refunded_payments) on p.order_id = r.order_id:
-- Refunded amounts per order, aggregated over a view whose joining SELECT pins both of its inputs with STATE_TTL('p' =
-- '0', 'r' = '0'), the aggregation itself pinned by the statement's STATE_TTL('refunded_payments' = '0'); no session
-- TTL. Three options of '0': the aggregation's finding named none ("a hint of '0'", "the STATE_TTL hint that pins
-- it"). The two that name the join's sides pin the join (its finding names them); the one left is the aggregation's.
-- The join's condition read "on order_id = order_id": it names each side as the view's query does.
CREATE TABLE payments (payment_id STRING, order_id STRING, amount DECIMAL(10, 2)) WITH ('connector' = 'datagen');

CREATE TABLE refunds (order_id STRING, reason STRING) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW refunded_payments AS
SELECT /*+ STATE_TTL('p' = '0', 'r' = '0') */ p.order_id, p.amount
FROM payments p
JOIN refunds r ON p.order_id = r.order_id;

SELECT /*+ STATE_TTL('refunded_payments' = '0') */ order_id, SUM(amount) AS refunded
FROM refunded_payments
GROUP BY order_id;
