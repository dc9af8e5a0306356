-- expect: BLOCK unbounded-rank proctime-top-n
-- Top-3 per user by processing time: rankEnd > 1, so a Rank (only rn = 1 becomes Deduplicate), which keeps the first
-- three orders of each user to arrive (proctime-top-n).
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT * FROM (
  SELECT order_id, user_id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY pt DESC) AS rn FROM orders
) WHERE rn <= 3;
