-- expect: WARN stateful-without-ttl
-- expect-fix: FLOOR(order_time TO HOUR)'s bucket, the hour
-- expect-fix: INTERVAL '1' HOUR
-- expect-fix-absent: FLOOR(CAST(
-- expect-fix-absent: INTERVAL '5' MINUTE
-- expect-fix-absent: INTERVAL '1' DAY
-- An hourly count per shop over a table without a WATERMARK, the hour bucket unaliased: the fix declares the
-- event time and offers an hour's window (CUMULATE of 1 h every minute, or a 1 h TUMBLE), and a TTL at least
-- the hour's, naming the key as written.
CREATE TABLE orders (
  shop_id INT,
  amount DOUBLE,
  order_time TIMESTAMP(3)
) WITH ('connector' = 'datagen');

SELECT shop_id, FLOOR(order_time TO HOUR), SUM(amount) AS total
FROM orders
GROUP BY shop_id, FLOOR(order_time TO HOUR);
