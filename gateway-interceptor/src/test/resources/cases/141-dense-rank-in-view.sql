-- expect: BLOCK rank-function-unsupported
-- expect-rewrite: row-number
-- DENSE_RANK hidden in a view: the planner's error names the function only when the view is queried.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TEMPORARY VIEW ranked AS
SELECT order_id, user_id, amount, DENSE_RANK() OVER (PARTITION BY user_id ORDER BY amount DESC) AS rk FROM orders;

SELECT order_id, user_id, amount FROM ranked WHERE rk <= 3;
