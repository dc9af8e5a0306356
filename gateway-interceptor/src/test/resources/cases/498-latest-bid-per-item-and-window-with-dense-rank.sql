-- expect: BLOCK rank-function-unsupported
-- expect-rewrite: row-number
-- expect-fix: Use ROW_NUMBER() in place of DENSE_RANK()
-- The latest bid per item and hourly window written with DENSE_RANK() = 1: Flink refuses DENSE_RANK() in a window
-- Top-N while translating ("DENSE_RANK() function is not supported on Window TopN currently, only ROW_NUMBER() is
-- supported."). With ROW_NUMBER() ordered by the event-time attribute it is a window deduplication.
CREATE TABLE bids (
  item STRING,
  price DECIMAL(10, 2),
  bidder STRING,
  bid_time TIMESTAMP(3),
  WATERMARK FOR bid_time AS bid_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT item, price, bidder, window_start
FROM (
  SELECT *, DENSE_RANK() OVER (PARTITION BY window_start, window_end, item ORDER BY bid_time DESC) AS r
  FROM TABLE(TUMBLE(TABLE bids, DESCRIPTOR(bid_time), INTERVAL '1' HOUR))
)
WHERE r = 1;
