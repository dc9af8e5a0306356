-- expect: WARN stateful-without-ttl
-- expect-fix: or for this aggregation alone /*+ STATE_TTL('b' = '1 d') */ on its SELECT
-- expect-fix: window the rows where the WITH item b reads events, its WHERE kept
-- expect-fix: then GROUP BY window_start, window_end, a (or the size
-- expect-fix-absent: bid.auction over TABLE(TUMBLE(TABLE events
-- expect-fix-absent: STATE_TTL('events'
-- expect-fix-absent: window_end, a over
-- The bids per auction through a WITH item that renames the ROW fields (bid.auction AS a) and selects no time
-- column: a window cannot read b (no DESCRIPTOR column). Round 67's fix windowed events and kept b's name a, which
-- does not resolve over events; round 68's named bid.auction over events, which drops b's WHERE event_type = 2; the
-- window now goes into b's FROM, its WHERE kept, and the aggregation groups by b's a. The hint named 'events', which is no
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
