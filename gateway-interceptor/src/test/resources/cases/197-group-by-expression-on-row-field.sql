-- expect: WARN stateful-without-ttl
-- A GROUP BY an unnamed expression over a ROW field: the plan says groupBy=[EXPR$0]; the finding names
-- UPPER(bid.channel), the key the statement wrote.
CREATE TABLE events (
  event_type INT,
  bid ROW<auction BIGINT, bidder BIGINT, price BIGINT, channel STRING>,
  date_time TIMESTAMP(3),
  WATERMARK FOR date_time AS date_time - INTERVAL '4' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT UPPER(bid.channel), COUNT(DISTINCT bid.bidder) FROM events GROUP BY UPPER(bid.channel);
