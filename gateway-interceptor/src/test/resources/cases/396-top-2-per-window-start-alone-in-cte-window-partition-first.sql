-- expect: BLOCK unbounded-rank window-rank-not-recognized
-- expect-rewrite: window-partition
-- The two largest orders of each hour, ranked in a CTE straight over the window table function but partitioned by
-- window_start alone, with no state TTL: Flink plans a general Rank keyed by window_start that keeps every hour's
-- ranking forever (BLOCK unbounded-rank), and the WARN window-rank-not-recognized is about the same Rank. The
-- window-partition rewrite (window_end added beside window_start: a WindowRank) removes that Rank, so it answers the
-- BLOCK too, proven again for unbounded-rank: it is the BLOCK's first rewrite and the answer's first, before the
-- session TTL, which only forgets an idle window's ranking.
CREATE TABLE orders (
  order_id STRING,
  region STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.region.length' = '1');

WITH ranked AS (
  SELECT window_start, window_end, order_id, amount,
         ROW_NUMBER() OVER (PARTITION BY window_start ORDER BY amount DESC) AS rn
  FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '1' HOUR))
)
SELECT window_start, window_end, order_id, amount
FROM ranked
WHERE rn <= 2;
