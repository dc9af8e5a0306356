-- expect: WARN window-rank-not-recognized
-- expect-absent: unbounded-rank
-- expect-rewrite: window-partition
-- expect-reason: This deduplication over a window's rows is partitioned by window_time without window_start and window_end, so Flink cannot plan it as a WindowDeduplicate
-- The latest order of each region per 10-minute window, a Top-1 ordered by the event time descending, partitioned by
-- window_time and region: Flink 2.3.0 and 1.20.0 plan a Deduplicate keyed by region, window_time (not a
-- WindowDeduplicate), whose rows stay in state until the TTL and are updated as later orders arrive. Partitioned by
-- window_start, window_end and region it plans a WindowDeduplicate.
SET 'table.exec.state.ttl' = '1 h';

CREATE TABLE orders (
  order_id STRING,
  region STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.region.length' = '1');

SELECT window_start, window_end, region, order_id, amount FROM (
  SELECT window_start, window_end, region, order_id, amount,
         ROW_NUMBER() OVER (PARTITION BY window_time, region ORDER BY order_time DESC) AS rn
  FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '10' MINUTES))
) WHERE rn = 1;
