-- expect: BLOCK rank-function-unsupported
-- expect-rewrite: row-number
-- RANK() hidden in a view, reached through CREATE TABLE ... AS SELECT: Flink rejects it only when it translates
-- the CTAS's query; the diagnosis names the rank function, not a bare planner error.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TEMPORARY VIEW ranked AS
SELECT order_id, user_id, amount, RANK() OVER (PARTITION BY user_id ORDER BY amount DESC) AS rk FROM orders;

CREATE TABLE top_ranked WITH ('connector' = 'blackhole') AS
SELECT order_id, user_id, amount FROM ranked WHERE rk <= 3;
