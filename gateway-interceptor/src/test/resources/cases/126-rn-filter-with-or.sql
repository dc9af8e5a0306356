-- expect: BLOCK over-order-desc
-- 'rn <= 3 OR amount > 100' is not a Top-N filter: Flink plans an OVER window, which streams ascending only.
-- No top-n-filter rewrite: a Top-N filter under the user's OR would keep only the Top-N's rows and drop every row
-- 'amount > 100' returns beyond it, without a word (the fix says to move the OR to another WHERE level).
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT order_id, user_id FROM (
  SELECT *, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY order_time DESC) AS rn FROM orders
) WHERE rn <= 3 OR amount > 100;
