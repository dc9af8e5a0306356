-- expect: BLOCK over-order-desc
-- The latest order per user OR any order above 500, written in a CTE: 'rn = 1 OR amount > 500' is no Top-N filter,
-- so Flink plans an OVER window ordered DESC and refuses it. No top-n-filter rewrite is offered: wrapping the row
-- number in 'rn = 1' under the user's condition would return only the latest order per user and drop every other
-- order above 500 without saying so.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

WITH numbered AS (
  SELECT order_id, user_id, amount,
         ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY order_time DESC) AS rn
  FROM orders
)
SELECT order_id, user_id, amount
FROM numbered
WHERE rn = 1 OR amount > 500;
