-- expect: WARN stateful-without-ttl
-- expect-fix: a value of COUNT(DISTINCT who) keeps coming back to its key (a)
-- expect-fix: GROUP BY window_start, window_end, a over TABLE(TUMBLE(TABLE b, DESCRIPTOR(date_time)
-- expect-fix-absent: bid.auction
-- expect-fix-absent: bid.bidder
-- expect-reason-absent: bid.auction
-- expect-reason-absent: bid.bidder
-- The distinct bidders per auction through a WITH query that renames the ROW fields (bid.auction AS a, bid.bidder AS
-- who): the aggregation's key and its DISTINCT call read b's a and who, which the findings named bid.auction and
-- bid.bidder (case 1059 for a view); the window way read TABLE events, where a does not resolve (case 1079 plans the
-- fix's text over b).
CREATE TABLE events (
  event_type INT,
  auction ROW<id BIGINT, itemName VARCHAR, seller BIGINT, category BIGINT>,
  bid ROW<auction BIGINT, bidder BIGINT, price BIGINT, channel VARCHAR>,
  date_time TIMESTAMP(3),
  WATERMARK FOR date_time AS date_time - INTERVAL '4' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

WITH b AS (SELECT bid.auction AS a, bid.bidder AS who, bid.price AS p, date_time FROM events WHERE event_type = 2)
SELECT a, COUNT(DISTINCT who) AS bidders, MAX(p) AS max_price FROM b GROUP BY a;
