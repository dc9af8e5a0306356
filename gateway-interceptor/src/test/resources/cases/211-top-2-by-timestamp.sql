-- expect: BLOCK unbounded-rank
-- expect-absent: dedup-not-recognized
-- The two latest bids per auction by placed_at, a TIMESTAMP_LTZ that is no time attribute: a Top-2 is no
-- deduplication whatever it is ordered by, so no advice for N = 1 (no watermark, no LAST_VALUE).
CREATE TABLE bids (
  auction BIGINT,
  bidder BIGINT,
  bidder_name STRING,
  price DECIMAL(10, 2),
  bid_time TIMESTAMP(3),
  placed_at TIMESTAMP_LTZ(3),
  WATERMARK FOR bid_time AS bid_time - INTERVAL '2' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '20', 'fields.auction.min' = '1', 'fields.auction.max' = '1000');

SELECT auction, bidder, placed_at FROM (
  SELECT auction, bidder, placed_at, ROW_NUMBER() OVER (PARTITION BY auction ORDER BY placed_at DESC) AS rn FROM bids
) WHERE rn <= 2;
