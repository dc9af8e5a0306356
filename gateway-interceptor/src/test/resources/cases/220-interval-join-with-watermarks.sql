-- expect: OK
-- expect-absent: stateful-without-ttl
-- The fixed form of case 218: both tables declare a WATERMARK, so the same BETWEEN plans an IntervalJoin, whose
-- state the watermark frees: no finding.
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
JOIN shipments AS s ON o.order_id = s.order_id AND s.ship_time BETWEEN o.order_time AND o.order_time + INTERVAL '4' HOUR;
