-- expect: OK
-- expect-absent: stateful-without-ttl
-- Case 1074's window way as written: GROUP BY window_start, window_end, a over TABLE(TUMBLE(TABLE b, ...)), b the
-- statement's WITH query that renames the ROW fields. Flink 2.3.0 plans it as a window aggregation, no state TTL needed.
CREATE TABLE events (
  event_type INT,
  auction ROW<id BIGINT, itemName VARCHAR, seller BIGINT, category BIGINT>,
  bid ROW<auction BIGINT, bidder BIGINT, price BIGINT, channel VARCHAR>,
  date_time TIMESTAMP(3),
  WATERMARK FOR date_time AS date_time - INTERVAL '4' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

WITH b AS (SELECT bid.auction AS a, bid.bidder AS who, bid.price AS p, date_time FROM events WHERE event_type = 2)
SELECT window_start, window_end, a, COUNT(DISTINCT who) AS bidders, MAX(p) AS max_price
FROM TABLE(TUMBLE(TABLE b, DESCRIPTOR(date_time), INTERVAL '5' MINUTE))
GROUP BY window_start, window_end, a;
