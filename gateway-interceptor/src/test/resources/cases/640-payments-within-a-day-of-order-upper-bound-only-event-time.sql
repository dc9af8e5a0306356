-- expect: WARN stateful-without-ttl
-- expect-reason: o.order_time and p.paid_at are event-time attributes, but the condition bounds o.order_time by p.paid_at from below only
-- expect-fix: Give the condition the upper bound it lacks, on the same columns: AND o.order_time <= p.paid_at + INTERVAL 'n' MINUTE
-- expect-fix-absent: BETWEEN o.order_time - INTERVAL '1' HOUR
-- Payments matched to their orders in WHERE (a comma join), bounded from one side only: a payment at most a day after
-- its order (p.paid_at <= o.order_time + 1 day), with no bound on how early. Both tables declare a WATERMARK, so the
-- columns are time attributes; the join is regular because one bound is missing. The fix proposed a new interval join
-- of an hour in place of the day the statement bounds, where the structural fix is the bound it lacks.
CREATE TABLE orders (
  order_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE payments (
  order_id STRING,
  paid_at TIMESTAMP(3),
  WATERMARK FOR paid_at AS paid_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT o.order_id, o.amount, p.paid_at
FROM orders o, payments p
WHERE o.order_id = p.order_id AND p.paid_at <= o.order_time + INTERVAL '1' DAY;
