-- expect: WARN stateful-without-ttl
-- Spend per user and minute bucketed by hand (case 224) in an INSERT, the bucket without an alias:
-- no window-aggregate rewrite is written (it keeps the bucket's column through its alias, and there is none), only the TTLs.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE spend_per_minute (user_id STRING, minute_start TIMESTAMP(3), spend DOUBLE) WITH ('connector' = 'blackhole');

INSERT INTO spend_per_minute
SELECT user_id, FLOOR(order_time TO MINUTE), SUM(amount)
FROM orders
GROUP BY user_id, FLOOR(order_time TO MINUTE);
