-- expect: BLOCK window-proctime-unsupported
-- expect-rewrite: time-attribute-order
-- expect-fix: an interval join on the processing-time attributes
-- Orders and shipments joined per tumbling 10-minute window of arrival time, the Window Join page's shape on
-- PROCTIME(): Flink refuses it while translating ("Processing time Window Join is not supported yet."). Both tables
-- declare a watermark: the rewrite windows both sides on event time.
CREATE TABLE orders (
  order_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE shipments (
  order_id STRING,
  carrier STRING,
  ship_time TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR ship_time AS ship_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT o.order_id, o.amount, s.carrier, o.window_start, o.window_end
FROM (SELECT * FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(pt), INTERVAL '10' MINUTES))) o
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE shipments, DESCRIPTOR(pt), INTERVAL '10' MINUTES))) s
ON o.order_id = s.order_id AND o.window_start = s.window_start AND o.window_end = s.window_end;
