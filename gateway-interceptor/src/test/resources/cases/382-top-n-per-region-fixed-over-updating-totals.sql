-- expect: BLOCK unbounded-rank rank-retract global-rank
-- expect-reason: partitioned by region (fixed to 'EU' by the plan: one partition)
-- expect-reason: Flink keeps every input row of its one partition
-- The three EU customers with the largest totals: the key is fixed to 'EU' as in case 380, but the Top-N ranks a
-- GROUP BY's updating result (RetractStrategy). Flink's RetractableTopNFunction keeps every input row of the
-- partition to be able to retract it, so the one partition grows with every customer: unbounded-rank stays,
-- and the finding says it is one partition (global-rank: one parallel instance holds it).
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  region STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT user_id, total FROM (
  SELECT user_id, total, ROW_NUMBER() OVER (PARTITION BY region ORDER BY total DESC) AS rn
  FROM (SELECT region, user_id, SUM(amount) AS total FROM orders WHERE region = 'EU' GROUP BY region, user_id)
) WHERE rn <= 3;
