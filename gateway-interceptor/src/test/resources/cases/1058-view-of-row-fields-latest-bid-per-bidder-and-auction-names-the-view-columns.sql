-- expect: INFO stateful-without-ttl
-- expect-fix-absent: bid.auction
-- expect-fix-absent: bid.bidder
-- expect-reason-absent: bid.auction
-- expect-reason-absent: bid.bidder
-- Nexmark q18's shape: the latest bid per bidder and auction, deduplicated through the view bid over the table's ROW
-- fields; the finding named the key bid.bidder, bid.auction, which the view does not have (its columns are bidder and
-- auction).
CREATE TABLE events (
  event_type INT,
  auction ROW<id BIGINT, itemName VARCHAR, seller BIGINT, category BIGINT>,
  bid ROW<auction BIGINT, bidder BIGINT, price BIGINT, channel VARCHAR>,
  date_time TIMESTAMP(3),
  WATERMARK FOR date_time AS date_time - INTERVAL '4' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE VIEW bid AS SELECT bid.auction, bid.bidder, bid.price, bid.channel, date_time FROM events WHERE event_type = 2;

SELECT auction, bidder, price, date_time FROM (
  SELECT *, ROW_NUMBER() OVER (PARTITION BY bidder, auction ORDER BY date_time DESC) AS rank_number FROM bid
) WHERE rank_number <= 1;
