-- expect: BLOCK unbounded-rank
-- expect-absent: dedup-not-recognized
-- The lowest bid per auction (ORDER BY price ASC, a DECIMAL): a minimum per key, not a deduplication. The fix
-- offers GROUP BY auction with MIN(price), not a watermark on price.
CREATE TABLE bids (
  auction BIGINT,
  bidder BIGINT,
  bidder_name STRING,
  price DECIMAL(10, 2),
  bid_time TIMESTAMP(3),
  placed_at TIMESTAMP_LTZ(3),
  WATERMARK FOR bid_time AS bid_time - INTERVAL '2' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '20', 'fields.auction.min' = '1', 'fields.auction.max' = '1000');

SELECT auction, bidder, price FROM (
  SELECT auction, bidder, price, ROW_NUMBER() OVER (PARTITION BY auction ORDER BY price ASC) AS rn FROM bids
) WHERE rn = 1;
