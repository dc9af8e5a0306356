-- expect: WARN ttl-hint-ignored
-- expect-rewrite: hint-moved
-- The STATE_TTL hint sits on the outer block, which only filters; the aggregation is in the subquery
-- under it, so Flink ignores the hint. The rewrite moves it to the block that aggregates, naming its input.
SET 'table.exec.state.ttl' = '1 d';

CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT /*+ STATE_TTL('t' = '1 h') */ user_id, cnt
FROM (SELECT user_id, COUNT(*) AS cnt FROM orders GROUP BY user_id) t
WHERE cnt > 5;
