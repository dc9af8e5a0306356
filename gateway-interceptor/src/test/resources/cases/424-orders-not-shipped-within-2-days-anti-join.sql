-- expect: WARN stateful-without-ttl
-- expect-reason: which Flink plans as an ANTI join
-- expect-reason-absent: which this condition does not give
-- expect-fix-absent: an interval join
-- Orders with no shipment within two days, written as NOT EXISTS: both tables have event time and the
-- condition bounds shipped_at by ordered_at from below and above, an interval join's bounds; Flink plans a
-- regular ANTI join all the same (StreamPhysicalIntervalJoinRule converts only non-SEMI/ANTI joins), whose
-- state keeps every order and every shipment. Case 409's NOT-less shape is a SEMI join; the reason's article
-- followed the join type ("a ANTI join").
CREATE TABLE web_orders (
  order_id BIGINT,
  customer STRING,
  ordered_at TIMESTAMP(3),
  WATERMARK FOR ordered_at AS ordered_at - INTERVAL '10' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE shipments (
  shipment_id BIGINT,
  order_id BIGINT,
  shipped_at TIMESTAMP(3),
  WATERMARK FOR shipped_at AS shipped_at - INTERVAL '10' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '5');

SELECT o.order_id, o.customer
FROM web_orders AS o
WHERE NOT EXISTS (
  SELECT 1 FROM shipments AS s
  WHERE s.order_id = o.order_id
    AND s.shipped_at BETWEEN o.ordered_at AND o.ordered_at + INTERVAL '2' DAY
);
