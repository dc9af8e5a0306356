-- expect: WARN interval-join-never-matches
-- expect-reason: whose o.order_ts lies between s.shipment_ts + INTERVAL '10' SECOND (the lower bound) and s.shipment_ts + INTERVAL '5' SECOND (the upper bound)
-- expect-reason: leftLowerBound=10000, leftUpperBound=5000
-- expect-reason: emits every left row padded with NULLs
-- expect-fix: Swap the bounds, so that the lower is the smaller: o.order_ts BETWEEN s.shipment_ts + INTERVAL '5' SECOND AND s.shipment_ts + INTERVAL '10' SECOND
-- Orders left-joined with their shipments, the BETWEEN bounds written the wrong way round (Flink's
-- IntervalJoinTestPrograms INTERVAL_JOIN_NEGATIVE_INTERVAL): Flink plans an IntervalJoin whose window is negative,
-- keeps no state and pads every order with NULLs. The state is bounded, so it was OK with nothing said; the
-- condition never holds, which a finding of its own now says, with the bounds as the plan gives them. A warning
-- only: Flink accepts it.
CREATE TABLE orders (
  order_id STRING,
  order_ts TIMESTAMP(3),
  WATERMARK FOR order_ts AS order_ts - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE shipments (
  shipment_id STRING,
  order_id STRING,
  shipment_ts TIMESTAMP(3),
  WATERMARK FOR shipment_ts AS shipment_ts - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT o.order_id, s.shipment_id
FROM orders o
LEFT JOIN shipments s ON o.order_id = s.order_id
  AND o.order_ts BETWEEN s.shipment_ts + INTERVAL '10' SECOND AND s.shipment_ts + INTERVAL '5' SECOND;
