-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-fix: SET 'table.exec.state.ttl' = '30 d'
-- expect-fix-absent: '1 d'
-- Refunds per order, an aggregation in one view over a regular join in another whose condition keeps a refund
-- up to 30 days after its payment: the bound is two views below the statement. Both findings' fixes (the join's and
-- the aggregation's) propose 30 d, the rewrites' value, where they proposed 1 d.
CREATE TABLE payments (payment_id STRING, order_id STRING, amount DECIMAL(10, 2), paid_at TIMESTAMP(3)) WITH ('connector' = 'datagen');

CREATE TABLE refunds (order_id STRING, refunded_at TIMESTAMP(3)) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW refunded_payments AS
SELECT p.order_id, p.amount
FROM payments p, refunds r
WHERE p.order_id = r.order_id
  AND r.refunded_at BETWEEN p.paid_at AND p.paid_at + INTERVAL '30' DAY;

CREATE TEMPORARY VIEW refunds_per_order AS
SELECT order_id, SUM(amount) AS refunded
FROM refunded_payments
GROUP BY order_id;

SELECT order_id, refunded FROM refunds_per_order WHERE refunded > 100;
