-- expect: WARN window-rank-not-recognized
-- expect-absent: unbounded-rank
-- expect-rewrite: window-partition
-- expect-reason: partitioned by window_time without window_start and window_end
-- expect-fix: (PARTITION BY region, window_start, window_end): window_time is one value per window (window_end - 1 ms), so the partitions are the same windows, and Flink then plans a WindowRank
-- The two largest orders per region and 10-minute window, read straight from the window TVF, selecting window_time only
-- and partitioned by region and window_time, under a session TTL of 1 h: a general Rank keyed by region, window_time
-- (Flink 2.3.0 and 1.20.0), whose rankings live on until the TTL and are updated as rows arrive. The guard said nothing:
-- window-rank-not-recognized knew window_start and window_end alone. The TVF's bounds are in scope of the ranking though
-- the query does not select them: PARTITION BY region, window_start, window_end plans a WindowRank.
SET 'table.exec.state.ttl' = '1 h';

CREATE TABLE orders (
  order_id STRING,
  region STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.region.length' = '1');

SELECT window_time, region, order_id, amount FROM (
  SELECT window_time, region, order_id, amount,
         ROW_NUMBER() OVER (PARTITION BY window_time, region ORDER BY amount DESC) AS rn
  FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '10' MINUTES))
) WHERE rn <= 2;
