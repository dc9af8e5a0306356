-- expect: WARN stateful-without-ttl
-- expect-fix: longer than a key (auction) stays active
-- expect-fix: GROUP BY window_start, window_end, auction over TABLE(TUMBLE(TABLE b,
-- expect-fix-absent: bid.auction
-- expect-reason-absent: bid.auction
-- A WITH query that selects bid.auction without renaming it (its column is auction, Calcite's SqlValidatorUtil#alias:
-- an identifier's last part), aggregated by the statement: the key is b's auction, not bid.auction, which does not
-- resolve over b.
CREATE TABLE events (
  event_type INT,
  auction ROW<id BIGINT, itemName VARCHAR, seller BIGINT, category BIGINT>,
  bid ROW<auction BIGINT, bidder BIGINT, price BIGINT, channel VARCHAR>,
  date_time TIMESTAMP(3),
  WATERMARK FOR date_time AS date_time - INTERVAL '4' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

WITH b AS (SELECT bid.auction, bid.price, date_time FROM events WHERE event_type = 2)
SELECT auction, COUNT(*) AS bids, MAX(price) AS max_price FROM b GROUP BY auction;
