-- expect: WARN stateful-without-ttl
-- expect-fix: GROUP BY window_start, window_end, bid.auction over TABLE(TUMBLE(TABLE events, DESCRIPTOR(date_time)
-- expect-fix-absent: window_end, a over
-- The bids per auction, grouped by the ROW field bid.auction and selected as a, without a view or a WITH item. Flink's
-- plan names the key a (the SELECT's name for it), and the window way wrote GROUP BY window_start, window_end, a over
-- TABLE(TUMBLE(TABLE events, ...)), where a does not resolve: a is a name of the SELECT's output, not a column of
-- events. It now names bid.auction, what resolves over the window of events.
CREATE TABLE events (
  event_type INT,
  auction ROW<id BIGINT, itemName VARCHAR, seller BIGINT, category BIGINT>,
  bid ROW<auction BIGINT, bidder BIGINT, price BIGINT, channel VARCHAR>,
  date_time TIMESTAMP(3),
  WATERMARK FOR date_time AS date_time - INTERVAL '4' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT bid.auction AS a, COUNT(*) AS bids FROM events WHERE event_type = 2 GROUP BY bid.auction;
