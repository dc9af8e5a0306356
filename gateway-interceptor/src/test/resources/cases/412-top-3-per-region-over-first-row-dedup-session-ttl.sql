-- expect: BLOCK unbounded-rank stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- The three largest orders per region, ranked over the first row per order_id (a Deduplicate by processing
-- time, in a CTE); no event time, so the Top-N's rewrite is the session TTL, which reaches the deduplication too.
-- Flink writes a first-row deduplication's state once, at the key's first row, and a duplicate only reads it
-- (DeduplicateFunctionHelper#processFirstRowOnProcTime; StateConfigUtil#createTtlConfig: OnCreateAndWrite): under
-- the TTL a key is forgotten a day after its first row even while duplicates keep arriving, and the next
-- duplicate passes as a first row and reaches the ranking again. The session-state-ttl rewrite's changes: line
-- says so.
CREATE TABLE orders (
  order_id STRING,
  region STRING,
  amount DOUBLE,
  arrived AS PROCTIME()
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.region.length' = '1');

WITH firsts AS (
  SELECT order_id, region, amount,
         ROW_NUMBER() OVER (PARTITION BY order_id ORDER BY arrived ASC) AS n
  FROM orders
)
SELECT * FROM (
  SELECT order_id, region, amount,
         ROW_NUMBER() OVER (PARTITION BY region ORDER BY amount DESC) AS rk
  FROM firsts
  WHERE n = 1
) WHERE rk <= 3;
