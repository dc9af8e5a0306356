-- expect: BLOCK unbounded-rank
-- expect-fix: PARTITION BY window_start, window_end, bid.auction ORDER BY bid.price DESC) over TABLE(TUMBLE(TABLE events,
-- expect-fix-absent: window_end, a ORDER BY p
-- The Top-3 bids per auction through a WITH item that renames the ROW fields and selects no time column: the window
-- Top-N cannot read b (no DESCRIPTOR column) and reads events, where the fix kept b's names a and p, which do not
-- resolve over events; it now names bid.auction and bid.price, as the fix over a subquery did (Nexmark q19's shape).
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
