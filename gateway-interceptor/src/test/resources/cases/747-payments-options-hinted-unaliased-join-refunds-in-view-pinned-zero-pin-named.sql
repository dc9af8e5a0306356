-- expect: WARN stateful-without-ttl
-- expect-reason: a STATE_TTL hint pins the left side's state (payments) to never expire (STATE_TTL('payments' = '0') in the view refunded_payments, the user's choice
-- expect-fix: Give the side the hint pins (payments: STATE_TTL('payments' = '0') in the view refunded_payments) and the side no TTL reaches (refunds) a TTL
-- expect-fix: on the joining SELECT of the view refunded_payments
-- expect-fix: /*+ STATE_TTL('payments' = '1 d', 'refunds' = '1 d') */
-- expect-reason: (left: payments, right: refunds, joined in the view refunded_payments) on payments.order_id = refunds.order_id:
-- A view joins payments, read unaliased with an OPTIONS hint, with refunds, and pins the payments side with
-- STATE_TTL('payments' = '0'); no session TTL. The pin's input is named by the table's name under its OPTIONS hint,
-- which the planning's reader of the views' joins missed: the finding could not name the pin nor offer the hint in the
-- view.
-- The condition read "on order_id = order_id": it names each side by its table, as the view's query does.
CREATE TABLE payments (payment_id STRING, order_id STRING, amount DECIMAL(10, 2)) WITH ('connector' = 'datagen');

CREATE TABLE refunds (order_id STRING, reason STRING) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW refunded_payments AS
SELECT /*+ STATE_TTL('payments' = '0') */ payments.order_id, payments.amount, refunds.reason
FROM payments /*+ OPTIONS('rows-per-second' = '10') */
JOIN refunds ON payments.order_id = refunds.order_id;

SELECT order_id, amount, reason FROM refunded_payments;
