-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- expect-reason: right: the IN or EXISTS subquery's side, over shipments
-- expect-fix: a STATE_TTL hint does not reach the SEMI join
-- expect-fix-absent: STATE_TTL('o'
-- Orders with a DHL shipment, written as EXISTS: Flink decorrelates the subquery into a SEMI join, and a
-- STATE_TTL hint reaches no such join: its compiled plan keeps a TTL of 0 for it under a hint on the outer SELECT
-- naming both aliases, or on each SELECT naming its own (tried while writing this case; the guard's own
-- ttl-hint-ignored says so for each). The fix proposed STATE_TTL('o' = '1 d', 's' = '1 d'), which changes nothing.
CREATE TABLE orders (
  order_id STRING,
  customer_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3)
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE shipments (
  shipment_id STRING,
  order_id STRING,
  carrier STRING,
  shipped_at TIMESTAMP(3)
) WITH ('connector' = 'datagen', 'rows-per-second' = '5');

SELECT o.order_id, o.amount
FROM orders AS o
WHERE EXISTS (
  SELECT 1 FROM shipments AS s
  WHERE s.order_id = o.order_id AND s.carrier = 'DHL'
);
