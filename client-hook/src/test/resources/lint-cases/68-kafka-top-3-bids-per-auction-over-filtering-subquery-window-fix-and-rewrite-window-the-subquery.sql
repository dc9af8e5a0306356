-- expect: BLOCK unbounded-rank
-- expect-fix: window the rows where the subquery b reads events, its WHERE kept (a window over events itself would drop it): TABLE(TUMBLE(TABLE events, DESCRIPTOR(date_time), INTERVAL '5' MINUTE)) in place of events there
-- expect-fix: then ROW_NUMBER() OVER (PARTITION BY window_start, window_end, a ORDER BY p DESC)
-- expect-fix-absent: window_end, bid.auction ORDER BY
-- Lint 57's Top-3 bids per auction with the WITH item written as a subquery in the FROM. Flink's plan prints the
-- ranking's keys as the ROW fields (partitionBy=[bid.auction], orderBy=[bid.price DESC]), and the fix ranked events by
-- them, dropping the subquery's WHERE event_type = 2, while the window-top-n rewrite windows events in the subquery. The
-- fix now says what the rewrite does: the window in b's FROM, its WHERE kept, and the ranking by b's names a and p.
CREATE TABLE events (
  event_type INT,
  auction ROW<id BIGINT, itemName VARCHAR, seller BIGINT, category BIGINT>,
  bid ROW<auction BIGINT, bidder BIGINT, price BIGINT, channel VARCHAR>,
  date_time TIMESTAMP(3),
  WATERMARK FOR date_time AS date_time - INTERVAL '4' SECOND
) WITH ('connector' = 'kafka', 'topic' = 'nexmark', 'properties.bootstrap.servers' = 'kafka:9092',
  'scan.startup.mode' = 'earliest-offset', 'format' = 'json');

SELECT * FROM (
  SELECT a, p, ROW_NUMBER() OVER (PARTITION BY a ORDER BY p DESC) AS rn
  FROM (SELECT bid.auction AS a, bid.price AS p FROM events WHERE event_type = 2) AS b
) WHERE rn <= 3;
