-- expect: WARN stateful-without-ttl
-- expect-fix: window the rows where the subquery b reads events, its WHERE kept (a window over events itself would drop it): TABLE(TUMBLE(TABLE events, DESCRIPTOR(date_time), INTERVAL '5' MINUTE)) in place of events there
-- expect-fix: then GROUP BY window_start, window_end, a (or the size
-- expect-fix-absent: bid.auction over TABLE(TUMBLE(TABLE events
-- The bids and best price per auction over a subquery that renames the ROW fields and keeps the bids alone (WHERE
-- event_type = 2). The window way grouped by bid.auction over TABLE(TUMBLE(TABLE events, ...)), which counts every
-- event, the subquery's filter dropped; the window now goes into the subquery's FROM, its WHERE kept, and the
-- aggregation groups by the subquery's a.
CREATE TABLE events (
  event_type INT,
  bid ROW<auction BIGINT, bidder BIGINT, price BIGINT, channel VARCHAR>,
  date_time TIMESTAMP(3),
  WATERMARK FOR date_time AS date_time - INTERVAL '4' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT a, COUNT(*) AS bids, MAX(p) AS best_price
FROM (SELECT bid.auction AS a, bid.price AS p FROM events WHERE event_type = 2) AS b
GROUP BY a;
