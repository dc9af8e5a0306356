-- expect: BLOCK over-order-desc
-- expect-rewrite: top-n-filter
-- ROW_NUMBER ordered DESC with no Top-N filter (case 06) inside a WITH query.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

WITH numbered AS (
  SELECT order_id, user_id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY order_time DESC) AS rn FROM orders
)
SELECT order_id, user_id, rn FROM numbered;
