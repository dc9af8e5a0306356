-- expect: BLOCK unbounded-rank
-- Nexmark-style events with nested ROW fields, read through a view: the planner names the view's
-- columns $0, $1, $2 in the plan (partitionBy=[$0], orderBy=[$2 DESC]); the finding names auction and price, the
-- view's columns (bid.auction does not resolve over the view), as the statement reads them.
CREATE TABLE events (
  event_type INT,
  bid ROW<auction BIGINT, bidder BIGINT, price BIGINT, channel STRING>,
  date_time TIMESTAMP(3),
  WATERMARK FOR date_time AS date_time - INTERVAL '4' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE VIEW bid AS SELECT bid.auction, bid.bidder, bid.price, bid.channel, date_time FROM events WHERE event_type = 2;

SELECT * FROM (
  SELECT auction, bidder, price, ROW_NUMBER() OVER (PARTITION BY auction ORDER BY price DESC) AS rn FROM bid
) WHERE rn <= 3;
