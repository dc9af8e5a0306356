-- expect: WARN stateful-without-ttl
-- expect-rewrite: window-aggregate
-- expect-fix: order_day's bucket, the day a row falls in
-- expect-fix: GROUP BY window_start, window_end, user_id over TABLE(CUMULATE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '1' HOUR, INTERVAL '1' DAY))
-- expect-fix: or over TABLE(TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '1' DAY)) (one final result per day
-- expect-fix-absent: INTERVAL '5' MINUTE
-- Orders per user and day, the day written by DATE_FORMAT(order_time, 'yyyy-MM-dd'), into a sink: a TUMBLE
-- window of 1 day, the day column still DATE_FORMAT's STRING (of window_start).
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE daily_orders (
  user_id STRING,
  order_day STRING,
  orders BIGINT
) WITH ('connector' = 'blackhole');

INSERT INTO daily_orders
SELECT user_id, DATE_FORMAT(order_time, 'yyyy-MM-dd') AS order_day, COUNT(*) AS orders
FROM orders
GROUP BY user_id, DATE_FORMAT(order_time, 'yyyy-MM-dd');
