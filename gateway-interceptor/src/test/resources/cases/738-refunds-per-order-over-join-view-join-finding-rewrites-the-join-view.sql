-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- The statement aggregates refunds per order over a view that joins payments and refunds within 30 days: two
-- findings, the GroupAggregate's (the statement's block) and the Join's (the view's). The join's finding showed the
-- aggregation's rewrite ("the same statements as the rewrite shown above"), a hint on the statement's GROUP BY that
-- leaves the join at 0 ms: a proof was kept per rule and SQL, so the aggregation's proof stood for the join too. A
-- proof is now the finding's own, and the join's state-ttl-hint rewrite hints the view that joins (golden 738).
CREATE TABLE payments (payment_id STRING, order_id STRING, amount DECIMAL(10, 2), paid_at TIMESTAMP(3)) WITH ('connector' = 'datagen');

CREATE TABLE refunds (order_id STRING, refunded_at TIMESTAMP(3)) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW refunded_payments AS
SELECT p.order_id, p.amount
FROM payments p
JOIN refunds r ON p.order_id = r.order_id
WHERE r.refunded_at BETWEEN p.paid_at AND p.paid_at + INTERVAL '30' DAY;

SELECT order_id, SUM(amount) AS refunded FROM refunded_payments GROUP BY order_id;
