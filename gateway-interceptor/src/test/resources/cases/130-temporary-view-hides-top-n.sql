-- expect: BLOCK unbounded-rank
-- expect-rewrite: window-top-n
-- A temporary view hides the Top-N; the session's own catalog resolves it.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TEMPORARY VIEW v AS SELECT order_id, user_id, amount, rn FROM (
  SELECT order_id, user_id, amount, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC) AS rn FROM orders
) WHERE rn <= 3;

SELECT * FROM v;
