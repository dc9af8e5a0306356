-- expect: BLOCK unbounded-rank
-- expect-rewrite: window-top-n
-- A statement set sent statement by statement: the Top-N INSERT is refused when it arrives.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE sink_a (order_id STRING, user_id STRING, amount DOUBLE) WITH ('connector' = 'blackhole');
CREATE TABLE sink_b (order_id STRING, user_id STRING, amount DOUBLE, rn BIGINT) WITH ('connector' = 'blackhole');

BEGIN STATEMENT SET;

INSERT INTO sink_a SELECT order_id, user_id, amount FROM orders;

INSERT INTO sink_b SELECT * FROM (
  SELECT order_id, user_id, amount, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC) AS rn FROM orders
) t WHERE rn <= 3;
