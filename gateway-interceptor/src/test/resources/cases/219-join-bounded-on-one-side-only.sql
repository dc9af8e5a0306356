-- expect: WARN stateful-without-ttl
-- Both tables have event time, but the condition bounds ship_time from below only (s.ship_time >= o.order_time):
-- an interval join needs a lower and an upper bound, so Flink plans a regular Join. The message says so.
CREATE TABLE orders (
  order_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE shipments (
  order_id STRING,
  ship_time TIMESTAMP(3),
  WATERMARK FOR ship_time AS ship_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT o.order_id, s.ship_time
FROM orders AS o
JOIN shipments AS s ON o.order_id = s.order_id AND s.ship_time >= o.order_time;
