-- expect: BLOCK unbounded-rank
-- expect-absent: dedup-not-recognized
-- expect-rewrite: window-top-n
-- The highest bid per auction, ranked straight over the ROW fields (PARTITION BY bid.auction ORDER BY
-- bid.price DESC): the plan says partitionBy=[$0], orderBy=[$1 DESC]; the findings name bid.auction and bid.price.
-- A Top-1 by a BIGINT is a maximum per key, not a deduplication Flink failed to recognize: no watermark could make
-- it one (issue 22, shared case 37), so only its state is reported.
CREATE TABLE events (
  event_type INT,
  bid ROW<auction BIGINT, bidder BIGINT, price BIGINT, channel STRING>,
  date_time TIMESTAMP(3),
  WATERMARK FOR date_time AS date_time - INTERVAL '4' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT * FROM (
  SELECT bid.auction, bid.price, ROW_NUMBER() OVER (PARTITION BY bid.auction ORDER BY bid.price DESC) AS rn FROM events
) WHERE rn = 1;
