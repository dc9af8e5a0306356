-- expect: BLOCK unbounded-rank
-- expect-fix: PARTITION BY window_start, window_end, auction ORDER BY price DESC
-- expect-fix-absent: bid.auction
-- expect-fix-absent: bid.price
-- expect-reason-absent: bid.auction
-- Nexmark q19's shape: the Top-10 bids per auction, read through the view bid over the table's ROW fields. Flink names
-- the view's columns $0, $2 (field accesses of the ROW bid); the window Top-N fix wrote PARTITION BY window_start,
-- window_end, bid.auction ORDER BY bid.price DESC over TUMBLE(TABLE bid, ...), which does not resolve: the view's
-- columns are auction and price.
CREATE TABLE events (
  event_type INT,
  auction ROW<id BIGINT, itemName VARCHAR, seller BIGINT, category BIGINT>,
  bid ROW<auction BIGINT, bidder BIGINT, price BIGINT, channel VARCHAR>,
  date_time TIMESTAMP(3),
  WATERMARK FOR date_time AS date_time - INTERVAL '4' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE VIEW bid AS SELECT bid.auction, bid.bidder, bid.price, bid.channel, date_time FROM events WHERE event_type = 2;

SELECT * FROM (
  SELECT *, ROW_NUMBER() OVER (PARTITION BY auction ORDER BY price DESC) AS rank_number FROM bid
) WHERE rank_number <= 10;
