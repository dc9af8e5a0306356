-- expect: BLOCK unbounded-rank
-- expect-fix: ROW_NUMBER() OVER (PARTITION BY window_start, window_end, a ORDER BY p DESC) over TABLE(TUMBLE(TABLE b,
-- expect-reason: partitioned by a, ordered by p DESC
-- expect-fix-absent: bid.auction
-- expect-fix-absent: bid.price
-- expect-reason-absent: bid.auction
-- The Top-3 bids per auction through a WITH query of the statement that renames the ROW fields it reads (bid.auction
-- AS a, bid.price AS p): Flink names the columns $0, $1 (field accesses of the ROW bid), where the relation the
-- statement ranks, b, has a and p. The findings named bid.auction and bid.price, which do not resolve over b (nor over
-- a window table function of it), as round 66 fixed for a view (case 1062); and the window Top-N read TABLE events,
-- dropping b's WHERE event_type = 2, where it now reads b, as over a view (case 1078 plans the fix's text).
CREATE TABLE events (
  event_type INT,
  auction ROW<id BIGINT, itemName VARCHAR, seller BIGINT, category BIGINT>,
  bid ROW<auction BIGINT, bidder BIGINT, price BIGINT, channel VARCHAR>,
  date_time TIMESTAMP(3),
  WATERMARK FOR date_time AS date_time - INTERVAL '4' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

WITH b AS (SELECT bid.auction AS a, bid.price AS p, date_time FROM events WHERE event_type = 2)
SELECT * FROM (
  SELECT a, p, date_time, ROW_NUMBER() OVER (PARTITION BY a ORDER BY p DESC) AS rn FROM b
) WHERE rn <= 3;
