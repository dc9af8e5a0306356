-- expect: BLOCK unbounded-rank dedup-not-recognized rank-retract stateful-without-ttl
-- expect-fix-absent: Declare order_time as event time
-- expect-fix-absent: with LAST_VALUE of each column
-- expect-reason: over an append-only input
-- The latest order per customer, ranked over a regular LEFT JOIN of orders with their shipments: the join's
-- result is an update stream (a LEFT JOIN retracts its null-padded row when the match arrives), and over an
-- update stream Flink plans a Top-1 as a Rank whatever it is ordered by (a Deduplicate takes an append-only input
-- only: Flink's DeduplicateTest#testInvalidChangelogInput). order_time has its WATERMARK already; the fix told
-- the user to declare one so that Flink plans a Deduplicate (unbounded-rank and dedup-not-recognized both).
-- Nor is GROUP BY customer_id with LAST_VALUE a fix here: over an update stream Flink aggregates with
-- LastValueWithRetractAggFunction, whose accumulator keeps every value of a key to retract it (no last-value
-- rewrite is offered; the family threw on the join in FROM before, and offered it once that was fixed).
CREATE TABLE orders (
  order_id STRING,
  customer_id STRING,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE shipments (
  order_id STRING,
  carrier STRING
) WITH ('connector' = 'datagen', 'rows-per-second' = '5');

SELECT customer_id, order_id, carrier FROM (
  SELECT o.customer_id, o.order_id, s.carrier,
         ROW_NUMBER() OVER (PARTITION BY o.customer_id ORDER BY o.order_time DESC) AS rn
  FROM orders AS o
  LEFT JOIN shipments AS s ON o.order_id = s.order_id
) WHERE rn = 1;
