-- expect: WARN dedup-not-recognized
-- expect-rewrite: time-attribute-order
-- expect-fix: Order by the table's event-time column, the one computed as TO_TIMESTAMP_LTZ(paid_at_ms, 3), in place of paid_at_ms ASC
-- The first payment per order, ranked by paid_at_ms, the BIGINT epoch milliseconds the table's event time is computed
-- from (paid_at AS TO_TIMESTAMP_LTZ(paid_at_ms, 3)), under a session TTL of 1 d (so no unbounded-rank). The rewrite
-- orders by paid_at: a Deduplicate keeping the first row, which Flink plans insert-only (outputInsertOnly=[true]): each
-- order's first payment comes out once the watermark passes its time, and a payment behind the watermark is dropped;
-- its changes line says so. Before: no finding, no rewrite.
SET 'table.exec.state.ttl' = '1 d';

CREATE TABLE payments (
  payment_id STRING,
  order_id STRING,
  amount DECIMAL(10, 2),
  paid_at_ms BIGINT,
  paid_at AS TO_TIMESTAMP_LTZ(paid_at_ms, 3),
  WATERMARK FOR paid_at AS paid_at - INTERVAL '10' SECOND
) WITH ('connector' = 'datagen');

SELECT order_id, payment_id, amount
FROM (
  SELECT order_id, payment_id, amount,
    ROW_NUMBER() OVER (PARTITION BY order_id ORDER BY paid_at_ms ASC) AS rn
  FROM payments
)
WHERE rn = 1;
