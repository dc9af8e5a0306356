-- expect: BLOCK unbounded-rank
-- expect-rewrite: window-top-n
-- CREATE TABLE ... AS SELECT runs a job: its query is analysed like any INSERT.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE top_orders WITH ('connector' = 'blackhole') AS
SELECT order_id, user_id, amount, rn FROM (
  SELECT order_id, user_id, amount, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC) AS rn FROM orders
) WHERE rn <= 3;
