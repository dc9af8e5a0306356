-- expect: INFO stateful-without-ttl
-- 'rn BETWEEN 1 AND 1' is read as rn = 1: Deduplicate.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT order_id, user_id FROM (
  SELECT *, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY order_time ASC) AS rn FROM orders
) WHERE rn BETWEEN 1 AND 1;
