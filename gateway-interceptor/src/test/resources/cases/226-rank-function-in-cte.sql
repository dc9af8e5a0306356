-- expect: BLOCK rank-function-unsupported
-- expect-rewrite: row-number
-- RANK() (case 24) inside a WITH query: the rewrite is ROW_NUMBER() with the same window, in the CTE.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

WITH ranked AS (
  SELECT order_id, user_id, amount, RANK() OVER (PARTITION BY user_id ORDER BY amount DESC) AS rk FROM orders
)
SELECT * FROM ranked WHERE rk <= 3;
