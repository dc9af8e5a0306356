-- expect: BLOCK frame-with-row-number
-- expect-rewrite: frame-removed
-- A frame clause on ROW_NUMBER inside a CTE: Calcite's validator refuses the frame ('ROW/RANGE not allowed
-- with RANK, DENSE_RANK or ROW_NUMBER functions'); the rewrite removes it inside the WITH item and keeps the rest.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

WITH ranked AS (
  SELECT order_id, user_id, amount,
         ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC
                            ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS rn
  FROM orders
)
SELECT order_id, user_id, amount FROM ranked WHERE rn <= 3;
