-- expect: WARN stateful-without-ttl
-- expect-fix: longer than a partition (auction) stays without rows
-- expect-fix: bound the frame by time: OVER (PARTITION BY auction ORDER BY date_time RANGE BETWEEN
-- expect-fix-absent: bid.auction
-- expect-fix-absent: in the view bid
-- expect-reason-absent: bid.auction
-- A running total of the bids per auction, an OVER aggregation written by the statement over the view bid, whose
-- columns are the table's ROW fields: the fix named the partition bid.auction (OVER (PARTITION BY bid.auction ...),
-- which the view does not have) and placed the statement's OVER "in the view bid, whose OVER this is".
CREATE TABLE events (
  event_type INT,
  auction ROW<id BIGINT, itemName VARCHAR, seller BIGINT, category BIGINT>,
  bid ROW<auction BIGINT, bidder BIGINT, price BIGINT, channel VARCHAR>,
  date_time TIMESTAMP(3),
  WATERMARK FOR date_time AS date_time - INTERVAL '4' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE VIEW bid AS SELECT bid.auction, bid.bidder, bid.price, bid.channel, date_time FROM events WHERE event_type = 2;

SELECT auction, price, SUM(price) OVER (PARTITION BY auction ORDER BY date_time
  ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS running_total FROM bid;
