-- expect: BLOCK unbounded-rank rank-retract
-- expect-rewrite: session-state-ttl
-- expect-absent: dedup-not-recognized
-- expect-reason: partitioned by region (fixed to 'EU' by the plan: one partition)
-- expect-reason-absent: CAST(
-- A Top-3 per region over a view that filters a view that deduplicates (the latest order per user, by event time):
-- the Top-N ranks an updating input, so only a TTL bounds it. No window Top-N is offered over the nested views:
-- the Deduplicate's result keeps no time attribute a window could read. The view's filter region = 'EU' makes
-- Flink's planner reduce the partition key to the literal (CAST('EU' AS VARCHAR(2147483647)) in the plan): the
-- findings name it region, as the statement does, not by that CAST, and say the key is fixed: one partition, which
-- the RetractStrategy keeps whole (every input row), so unbounded-rank stays (case 380: over an append-only input
-- the same key makes a Top-N whose state cannot grow).
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  region STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TEMPORARY VIEW latest_per_user AS
SELECT user_id, region, amount, order_time FROM (
  SELECT *, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY order_time DESC) AS r
  FROM orders
) WHERE r = 1;

CREATE TEMPORARY VIEW eu_latest AS SELECT * FROM latest_per_user WHERE region = 'EU';

SELECT user_id, amount FROM (
  SELECT user_id, amount,
         ROW_NUMBER() OVER (PARTITION BY region ORDER BY amount DESC) AS rn
  FROM eu_latest
) WHERE rn <= 3;
