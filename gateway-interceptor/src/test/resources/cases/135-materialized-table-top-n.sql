-- expect: BLOCK unbounded-rank
-- A materialized table in continuous mode runs its defining query as a streaming job: the query is analysed.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE MATERIALIZED TABLE top_orders
  FRESHNESS = INTERVAL '10' SECOND
AS SELECT * FROM (
  SELECT order_id, user_id, amount, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC) AS rn FROM orders
) WHERE rn <= 3;
