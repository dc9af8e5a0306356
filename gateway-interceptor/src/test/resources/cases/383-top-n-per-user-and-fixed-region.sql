-- expect: BLOCK unbounded-rank
-- expect-absent: global-rank
-- expect-reason: partitioned by user_id, region,
-- The filter fixes region, but the ranking is also partitioned by user_id, which takes any value: one partition
-- per user, each kept forever without a TTL. Fixing one key of several does not make one partition.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  region STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT order_id, amount FROM (
  SELECT order_id, amount, ROW_NUMBER() OVER (PARTITION BY region, user_id ORDER BY amount DESC) AS rn
  FROM orders WHERE region = 'EU'
) WHERE rn <= 3;
