-- expect: BLOCK unbounded-rank dedup-not-recognized stateful-without-ttl
-- expect-fix: order column last_time is a column of the aggregation below this ranking
-- expect-fix: drop the ROW_NUMBER and its filter
-- expect-rewrite: ranking-dropped
-- expect-fix-absent: WATERMARK FOR last_time
-- The latest row per user_id in a CTE over a view that already groups by user_id (last_time is MAX(order_time)):
-- no WATERMARK can be declared on an aggregation's column, so the fix does not propose one; the view keeps one row
-- per user_id, so the Top-1 per user_id keeps that row, and the fix says the ranking can go; the ranking-dropped
-- rewrite drops it (the ROW_NUMBER and its filter), proven with the Rank gone.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TEMPORARY VIEW user_last_order AS
SELECT user_id, MAX(order_time) AS last_time, SUM(amount) AS total FROM orders GROUP BY user_id;

WITH ranked AS (
  SELECT user_id, total, last_time,
         ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY last_time DESC) AS rn
  FROM user_last_order
)
SELECT user_id, total FROM ranked WHERE rn = 1;
