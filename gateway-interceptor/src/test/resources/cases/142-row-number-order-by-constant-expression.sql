-- expect: BLOCK row-number-without-order-by
-- ORDER BY a constant expression (not a literal column position): still constant, still wrapped by
-- "Error while applying rule ..." in the planner.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT user_id, amount FROM (
  SELECT user_id, amount, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY CAST(NULL AS INT)) AS rn FROM orders
) WHERE rn <= 2;
