-- expect: WARN stateful-without-ttl
-- expect-rewrite: window-aggregate
-- expect-fix: order_hour's bucket, the hour a row falls in
-- expect-fix: GROUP BY window_start, window_end, user_id over TABLE(CUMULATE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '1' MINUTE, INTERVAL '1' HOUR)) (each hour's result so far, every minute
-- expect-fix: or over TABLE(TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '1' HOUR)) (one final result per hour
-- expect-fix-absent: INTERVAL '5' MINUTE
-- Orders per user and hour, bucketed by hand with FLOOR over the event time: a group aggregation
-- whose state is kept forever, where a TUMBLE window aggregation frees each hour's state.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT user_id, FLOOR(order_time TO HOUR) AS order_hour, COUNT(*) AS orders_count
FROM orders
GROUP BY user_id, FLOOR(order_time TO HOUR);
