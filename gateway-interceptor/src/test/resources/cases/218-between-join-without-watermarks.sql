-- expect: WARN stateful-without-ttl
-- Looks like an interval join (ship_time BETWEEN order_time AND order_time + 4 h), but neither table declares a
-- WATERMARK: the bounds are not time attributes, so Flink plans a regular Join that keeps both inputs forever
-- (Join(where=[((order_id = order_id0) AND (ship_time >= order_time) AND (ship_time <= (order_time + ...)))])).
-- The message says why it is not an interval join.
CREATE TABLE orders (
  order_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3)
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE shipments (
  order_id STRING,
  ship_time TIMESTAMP(3)
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT o.order_id, s.ship_time
FROM orders AS o
JOIN shipments AS s ON o.order_id = s.order_id AND s.ship_time BETWEEN o.order_time AND o.order_time + INTERVAL '4' HOUR;
