-- expect: OK
-- expect-absent: dedup-not-recognized
-- The largest payment per order (ORDER BY amount_cents DESC, a BIGINT) in a table whose event time is computed from
-- another BIGINT, paid_at_ms: a maximum, not a deduplication by time. dedup-not-recognized reads a number ordering
-- only where the table's event time is computed from that very column (cases 1150, 1151); here it stays silent.
SET 'table.exec.state.ttl' = '1 d';

CREATE TABLE payments (
  payment_id STRING,
  order_id STRING,
  amount_cents BIGINT,
  paid_at_ms BIGINT,
  paid_at AS TO_TIMESTAMP_LTZ(paid_at_ms, 3),
  WATERMARK FOR paid_at AS paid_at - INTERVAL '10' SECOND
) WITH ('connector' = 'datagen');

SELECT order_id, payment_id, amount_cents
FROM (
  SELECT order_id, payment_id, amount_cents,
    ROW_NUMBER() OVER (PARTITION BY order_id ORDER BY amount_cents DESC) AS rn
  FROM payments
)
WHERE rn = 1;
