-- expect: OK
-- expect-absent: unbounded-rank stateful-without-ttl
-- Case 1073's fix as written: the window Top-N over TABLE(TUMBLE(TABLE b, ...)), b the statement's WITH query that
-- renames the ROW fields, partitioned by b's a and ordered by its p. Flink 2.3.0 plans it (a window table function
-- reads a WITH item by its name, and b keeps date_time's time attribute): a WindowRank, whose state the window frees.
CREATE TABLE events (
  event_type INT,
  auction ROW<id BIGINT, itemName VARCHAR, seller BIGINT, category BIGINT>,
  bid ROW<auction BIGINT, bidder BIGINT, price BIGINT, channel VARCHAR>,
  date_time TIMESTAMP(3),
  WATERMARK FOR date_time AS date_time - INTERVAL '4' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

WITH b AS (SELECT bid.auction AS a, bid.price AS p, date_time FROM events WHERE event_type = 2)
SELECT * FROM (
  SELECT a, p, window_start, window_end, ROW_NUMBER() OVER (PARTITION BY window_start, window_end, a ORDER BY p DESC) AS rn
  FROM TABLE(TUMBLE(TABLE b, DESCRIPTOR(date_time), INTERVAL '5' MINUTE))
) WHERE rn <= 3;
