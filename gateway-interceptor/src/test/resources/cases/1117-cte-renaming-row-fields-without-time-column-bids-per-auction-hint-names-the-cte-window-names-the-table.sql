-- expect: WARN stateful-without-ttl
-- expect-fix: or for this aggregation alone /*+ STATE_TTL('b' = '1 d') */ on its SELECT
-- expect-fix: GROUP BY window_start, window_end, bid.auction over TABLE(TUMBLE(TABLE events, DESCRIPTOR(date_time)
-- expect-fix-absent: STATE_TTL('events'
-- expect-fix-absent: window_end, a over
-- The bids per auction through a WITH item that renames the ROW fields (bid.auction AS a) and selects no time
-- column: a window cannot read b (no DESCRIPTOR column), so the window way reads events, where the fix kept b's name a,
-- which does not resolve over events; it now names bid.auction, what a renames. The hint named 'events', which is no
-- input of the aggregating SELECT (Flink refuses it: "The options of following hints cannot match the name of input
-- tables or views"); it now names b, the name the SELECT reads the item by.
CREATE TABLE events (
  event_type INT,
  auction ROW<id BIGINT, itemName VARCHAR, seller BIGINT, category BIGINT>,
  bid ROW<auction BIGINT, bidder BIGINT, price BIGINT, channel VARCHAR>,
  date_time TIMESTAMP(3),
  WATERMARK FOR date_time AS date_time - INTERVAL '4' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

WITH b AS (SELECT bid.auction AS a, bid.price AS p FROM events WHERE event_type = 2)
SELECT a, COUNT(*) AS bids, MAX(p) AS top FROM b GROUP BY a;
