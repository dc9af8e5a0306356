-- expect: WARN stateful-without-ttl
-- expect-rewrite: window-aggregate
-- expect-fix: or set a state TTL at least as long as order_day's bucket, the day a row falls in
-- expect-fix: SET 'table.exec.state.ttl' = '1 d'
-- expect-fix: GROUP BY window_start, window_end over TABLE(CUMULATE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '1' HOUR, INTERVAL '1' DAY)) (each day's result so far, every hour
-- expect-fix: or over TABLE(TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '1' DAY)) (one final result per day
-- expect-fix-absent: order_day stays active
-- expect-fix-absent: INTERVAL '5' MINUTE
-- A daily revenue report bucketed by CAST(order_time AS DATE): the group aggregation keeps every day's total
-- forever. The rewrite is a TUMBLE window of 1 day (not the 5-minute default), and the day column stays a DATE:
-- CAST(window_start AS DATE).
CREATE TABLE orders (
  order_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT CAST(order_time AS DATE) AS order_day, SUM(amount) AS revenue
FROM orders
GROUP BY CAST(order_time AS DATE);
