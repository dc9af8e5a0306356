-- expect: INFO stateful-without-ttl
-- expect-reason: keeps one row per auction_id, bidder_id
-- expect-fix-absent: bid.auction
-- expect-fix-absent: bid.bidder
-- expect-reason-absent: bid.auction
-- expect-reason-absent: bid.bidder
-- The latest bid per bidder and auction, deduplicated over a WITH query that reads another that renames the ROW fields
-- (bid.auction AS auction_id, bid.bidder AS bidder_id; Nexmark q18's shape with CTEs): the deduplication's key is
-- bidder_id, auction_id, which the finding named bid.bidder, bid.auction.
CREATE TABLE events (
  event_type INT,
  auction ROW<id BIGINT, itemName VARCHAR, seller BIGINT, category BIGINT>,
  bid ROW<auction BIGINT, bidder BIGINT, price BIGINT, channel VARCHAR>,
  date_time TIMESTAMP(3),
  WATERMARK FOR date_time AS date_time - INTERVAL '4' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

WITH bids AS (SELECT bid.auction AS auction_id, bid.bidder AS bidder_id, bid.price AS price, date_time FROM events
  WHERE event_type = 2),
ranked AS (SELECT *, ROW_NUMBER() OVER (PARTITION BY bidder_id, auction_id ORDER BY date_time DESC) AS rank_number
  FROM bids)
SELECT auction_id, bidder_id, price, date_time FROM ranked WHERE rank_number <= 1;
