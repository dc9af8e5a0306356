-- expect: WARN watermark-ahead-of-event-time
-- expect-fix: WATERMARK FOR order_time AS order_time - INTERVAL '3' SECOND
-- The other way a watermark is written ahead of event time: minus a negative interval, order_time - INTERVAL - '3'
-- SECOND (the sign before the literal), on an event time computed from epoch milliseconds as public jobs write it
-- (issue 30, outside SQL). Flink reads it as order_time + 3 s. Before: no finding.
CREATE TABLE orders (
  order_id STRING,
  amount DECIMAL(10, 2),
  created_ms BIGINT,
  order_time AS TO_TIMESTAMP_LTZ(created_ms, 3),
  WATERMARK FOR order_time AS order_time - INTERVAL - '3' SECOND
) WITH ('connector' = 'datagen');
