-- expect: WARN interval-join-never-matches
-- expect-reason: leftLowerBound=0, leftUpperBound=-7200000
-- expect-fix: the smaller: s.shipment_ts BETWEEN o.order_ts AND o.order_ts + INTERVAL '2' HOUR (or
-- expect-fix-absent: order_ts BETWEEN shipment_ts
-- Shipments within two hours after their order, the BETWEEN written on the shipment's time with its bounds the
-- wrong way round. Flink's plan gives the bounds of the left time (leftLowerBound=0, leftUpperBound=-7200000: the
-- order's time between the shipment's and two hours before it), and the fix wrote that normalized form,
-- "order_ts BETWEEN shipment_ts - INTERVAL '2' HOUR AND shipment_ts", a condition the user never wrote, unqualified.
-- The fix is now the user's own condition with the bounds exchanged.
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
JOIN shipments s ON o.order_id = s.order_id
  AND s.shipment_ts BETWEEN o.order_ts + INTERVAL '2' HOUR AND o.order_ts;
