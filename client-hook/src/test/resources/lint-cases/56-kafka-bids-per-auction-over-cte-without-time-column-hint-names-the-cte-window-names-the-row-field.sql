-- expect: WARN stateful-without-ttl
-- expect-fix: /*+ STATE_TTL('b' = '1 d') */
-- expect-fix: window the rows where the WITH item b reads events, its WHERE kept
-- expect-fix: then GROUP BY window_start, window_end, a (or the size
-- expect-fix-absent: bid.auction over TABLE(TUMBLE(TABLE events
-- expect-fix-absent: STATE_TTL('events'
-- Nexmark's events from Kafka, the bids per auction through a WITH item that renames the ROW fields and selects no time
-- column (case 1117 over datagen). A window cannot read b, and a window over events would drop b's WHERE, so the window
-- goes into b's FROM and the aggregation groups by b's a; a hint on the aggregating SELECT names b, its input, not events.
CREATE TABLE events (
  event_type INT,
  auction ROW<id BIGINT, itemName VARCHAR, seller BIGINT, category BIGINT>,
  bid ROW<auction BIGINT, bidder BIGINT, price BIGINT, channel VARCHAR>,
  date_time TIMESTAMP(3),
  WATERMARK FOR date_time AS date_time - INTERVAL '4' SECOND
) WITH ('connector' = 'kafka', 'topic' = 'nexmark', 'properties.bootstrap.servers' = 'kafka:9092',
  'scan.startup.mode' = 'earliest-offset', 'format' = 'json');

WITH b AS (SELECT bid.auction AS a, bid.price AS p FROM events WHERE event_type = 2)
SELECT a, COUNT(*) AS bids, MAX(p) AS top FROM b GROUP BY a;
