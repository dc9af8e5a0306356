-- expect: BLOCK unbounded-rank rank-retract dedup-not-recognized
-- expect-rewrite: last-value state-ttl-hint
-- Latest status per order over a changelog (an updating view): Flink cannot Deduplicate an update stream.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE VIEW order_status AS SELECT order_id, LAST_VALUE(user_id) AS user_id, MAX(order_time) AS updated FROM orders GROUP BY order_id;

SELECT order_id, user_id FROM (
  SELECT *, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY updated DESC) AS rn FROM order_status
) WHERE rn = 1;
