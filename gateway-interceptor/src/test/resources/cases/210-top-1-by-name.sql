-- expect: BLOCK unbounded-rank
-- expect-absent: dedup-not-recognized
-- The alphabetically first bidder per auction (ORDER BY a STRING): a Top-1 by a value, not by time.
CREATE TABLE bids (
  auction BIGINT,
  bidder BIGINT,
  bidder_name STRING,
  price DECIMAL(10, 2),
  bid_time TIMESTAMP(3),
  placed_at TIMESTAMP_LTZ(3),
  WATERMARK FOR bid_time AS bid_time - INTERVAL '2' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '20', 'fields.auction.min' = '1', 'fields.auction.max' = '1000');

SELECT auction, bidder_name FROM (
  SELECT auction, bidder_name, ROW_NUMBER() OVER (PARTITION BY auction ORDER BY bidder_name) AS rn FROM bids
) WHERE rn = 1;
