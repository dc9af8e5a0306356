-- expect: WARN stateful-without-ttl
-- Nexmark q7 as written (its DDL: one Kafka topic of events, the event time a computed CASE over the ROWs' times with a
-- WATERMARK, the view bid): the window aggregation's window_end, renamed `dateTime` like the table's event time, bounds
-- the bid's time. The reason said the table declares no WATERMARK on `dateTime`, then (with lint case 45's fix) only
-- that the condition gives no bounds on time attributes: the column is window_end, and bounded by window_time the join
-- is an interval join. ComputedRowtimeJoinReasonTest.
CREATE TABLE events (
  event_type INT,
  bid ROW<auction BIGINT, bidder BIGINT, price BIGINT, channel VARCHAR, url VARCHAR, `dateTime` TIMESTAMP(3),
    extra VARCHAR>,
  `dateTime` AS CASE WHEN event_type = 2 THEN bid.`dateTime` ELSE NULL END,
  WATERMARK FOR `dateTime` AS `dateTime` - INTERVAL '4' SECOND
) WITH ('connector' = 'kafka', 'topic' = 'nexmark', 'properties.bootstrap.servers' = 'kafka:9092', 'format' = 'json');

CREATE VIEW bid AS
SELECT bid.auction, bid.bidder, bid.price, bid.channel, bid.url, `dateTime`, bid.extra
FROM events WHERE event_type = 2;

CREATE TABLE nexmark_q7 (
  auction  BIGINT,
  bidder  BIGINT,
  price  BIGINT,
  `dateTime`  TIMESTAMP(3),
  extra  VARCHAR
) WITH (
  'connector' = 'blackhole'
);

INSERT INTO nexmark_q7
SELECT B.auction, B.price, B.bidder, B.`dateTime`, B.extra
from bid B
JOIN (
  SELECT MAX(price) AS maxprice, window_end as `dateTime`
  FROM TABLE(
          TUMBLE(TABLE bid, DESCRIPTOR(`dateTime`), INTERVAL '10' SECOND))
  GROUP BY window_start, window_end
) B1
ON B.price = B1.maxprice
WHERE B.`dateTime` BETWEEN B1.`dateTime`  - INTERVAL '10' SECOND AND B1.`dateTime`;
