-- expect: BLOCK ttl-hint-ignored
-- expect-rewrite: hint-moved
-- The STATE_TTL hint names 'o', which is not an input of its query block: Flink 2.3 rejects the query.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT /*+ STATE_TTL('o' = '1 d') */ user_id, COUNT(*) AS cnt FROM orders GROUP BY user_id;
