-- expect: WARN ttl-bare-number
-- execution-config: table.exec.state.ttl=1080000
-- The slip in the statement's own execution config: '1080000' is 18 min, '10800000' would be 3 h.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT user_id, SUM(amount) AS total FROM orders GROUP BY user_id;
