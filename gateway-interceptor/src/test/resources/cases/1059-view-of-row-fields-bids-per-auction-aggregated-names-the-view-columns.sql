-- expect: WARN stateful-without-ttl
-- expect-fix: a value of COUNT(DISTINCT bidder) keeps coming back to its key (auction)
-- expect-fix-absent: bid.auction
-- expect-fix-absent: bid.bidder
-- expect-reason-absent: bid.auction
-- expect-reason-absent: bid.bidder
-- The distinct bidders per auction, counted through the view bid over the table's ROW fields: the DISTINCT call reads
-- the view's bidder, which the findings named bid.bidder.
CREATE TABLE events (
  event_type INT,
  auction ROW<id BIGINT, itemName VARCHAR, seller BIGINT, category BIGINT>,
  bid ROW<auction BIGINT, bidder BIGINT, price BIGINT, channel VARCHAR>,
  date_time TIMESTAMP(3),
  WATERMARK FOR date_time AS date_time - INTERVAL '4' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE VIEW bid AS SELECT bid.auction, bid.bidder, bid.price, bid.channel, date_time FROM events WHERE event_type = 2;

SELECT auction, COUNT(DISTINCT bidder) AS bidders, MAX(price) AS max_price FROM bid GROUP BY auction;
