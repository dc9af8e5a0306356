-- expect: BLOCK unbounded-rank
-- expect-fix: window the rows where the WITH item b reads events, its WHERE kept (a window over events itself would drop it): TABLE(TUMBLE(TABLE events, DESCRIPTOR(date_time), INTERVAL '5' MINUTE)) in place of events there
-- expect-fix: then ROW_NUMBER() OVER (PARTITION BY window_start, window_end, a ORDER BY p DESC)
-- expect-fix-absent: window_end, bid.auction ORDER BY
-- The Top-3 bids per auction through a WITH item that renames the ROW fields, filters the bids and selects no time
-- column (Nexmark q19's shape). Round 67's fix kept b's names a and p over events, where they do not resolve; round
-- 68's named bid.auction and bid.price over events, which dropped b's WHERE event_type = 2, while the window-top-n
-- rewrite windows events in b's FROM: the fix now says what the rewrite does, the window in b, its WHERE kept, and the
-- ranking by b's names.
CREATE TABLE events (
  event_type INT,
  auction ROW<id BIGINT, itemName VARCHAR, seller BIGINT, category BIGINT>,
  bid ROW<auction BIGINT, bidder BIGINT, price BIGINT, channel VARCHAR>,
  date_time TIMESTAMP(3),
  WATERMARK FOR date_time AS date_time - INTERVAL '4' SECOND
) WITH ('connector' = 'kafka', 'topic' = 'nexmark', 'properties.bootstrap.servers' = 'kafka:9092',
  'scan.startup.mode' = 'earliest-offset', 'format' = 'json');

WITH b AS (SELECT bid.auction AS a, bid.price AS p FROM events WHERE event_type = 2)
SELECT * FROM (
  SELECT a, p, ROW_NUMBER() OVER (PARTITION BY a ORDER BY p DESC) AS rn FROM b
) WHERE rn <= 3;
