-- expect: BLOCK unbounded-rank
-- EXPLAIN never runs anything and is never refused, even of a blocked query: it is the dry run.
-- It carries the explained statement's verdict (audit record, advisory) and answers with Flink's
-- plan followed by the guard's findings.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

EXPLAIN SELECT * FROM (
  SELECT order_id, user_id, amount, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC) AS rn FROM orders
) WHERE rn <= 3;
