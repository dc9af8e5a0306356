-- expect: BLOCK unbounded-rank
-- expect-fix: PARTITION BY window_start, window_end, auction_id ORDER BY amount DESC) over TABLE(TUMBLE(TABLE bids,
-- expect-fix-absent: bid.auction
-- expect-fix-absent: a computed column
-- expect-reason-absent: bid.auction
-- The Top-3 bids per auction through a view that renames the ROW fields it reads (bid.auction AS auction_id): Flink
-- names the view's columns $0, $1 (field accesses of the ROW bid), and the window Top-N fix wrote PARTITION BY
-- window_start, window_end, bid.auction ORDER BY bid.price DESC over TUMBLE(TABLE bids, ...), which does not resolve;
-- the view's expanded query gives its names, auction_id and amount.
CREATE TABLE events (
  event_type INT,
  bid ROW<auction BIGINT, bidder BIGINT, price BIGINT, channel VARCHAR>,
  date_time TIMESTAMP(3),
  WATERMARK FOR date_time AS date_time - INTERVAL '4' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE VIEW bids AS SELECT bid.auction AS auction_id, bid.price AS amount, date_time FROM events WHERE event_type = 2;

SELECT * FROM (
  SELECT *, ROW_NUMBER() OVER (PARTITION BY auction_id ORDER BY amount DESC) AS rn FROM bids
) WHERE rn <= 3;
