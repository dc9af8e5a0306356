-- expect: WARN stateful-without-ttl
-- expect-reason: which Flink plans as a SEMI join
-- expect-reason-absent: which this condition does not give
-- expect-fix-absent: an interval join
-- expect-rewrite: session-state-ttl
-- Payments with a refund within 30 days, written as EXISTS: both tables have event time, and the condition
-- bounds refund_time by paid_at from below and above, an interval join's bounds; yet Flink plans a regular SEMI
-- join, because it plans an interval join only for a JOIN, never for a SEMI or ANTI join
-- (StreamPhysicalIntervalJoinRule: "converts non-SEMI/ANTI FlinkLogicalJoin with window bounds"). The reason
-- said the condition lacked a lower and an upper bound (false), and the fix proposed an interval JOIN with a
-- made-up one-hour bound, which emits a row per refund where EXISTS emits each payment once.
CREATE TABLE payments (
  payment_id STRING,
  amount DOUBLE,
  paid_at TIMESTAMP(3),
  WATERMARK FOR paid_at AS paid_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE refunds (
  refund_id STRING,
  payment_id STRING,
  refund_time TIMESTAMP(3),
  WATERMARK FOR refund_time AS refund_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '1');

SELECT p.payment_id, p.amount
FROM payments AS p
WHERE EXISTS (
  SELECT 1 FROM refunds AS r
  WHERE r.payment_id = p.payment_id
    AND r.refund_time BETWEEN p.paid_at AND p.paid_at + INTERVAL '30' DAY
);
