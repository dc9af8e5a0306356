-- expect: WARN global-rank
-- expect-absent: unbounded-rank
-- expect-reason: (fixed to 'EU', 'web' by the plan: one partition)
-- The largest order per region and channel, where the same query's WHERE fixes both keys (one of them to a CAST
-- literal) and the ranking sits in a CTE: Flink reduces both partition keys to literals, so every row has one key
-- and AppendOnlyTopNFunction keeps one row. No unbounded state: global-rank alone.
CREATE TABLE orders (
  order_id STRING,
  region STRING,
  channel VARCHAR(10),
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

WITH ranked AS (
  SELECT order_id, amount,
         ROW_NUMBER() OVER (PARTITION BY region, channel ORDER BY amount DESC) AS rn
  FROM orders
  WHERE region = 'EU' AND channel = CAST('web' AS VARCHAR(10))
)
SELECT order_id, amount FROM ranked WHERE rn = 1;
