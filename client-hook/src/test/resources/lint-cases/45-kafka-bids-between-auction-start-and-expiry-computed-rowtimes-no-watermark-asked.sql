-- expect: WARN stateful-without-ttl
-- The highest bid per auction among the bids made between the auction's start and its expiry (Nexmark q4's inner
-- join), over two Kafka tables whose event time is a computed column (created AS TO_TIMESTAMP_LTZ(created_ms, 3)) with
-- its WATERMARK. Flink plans a regular join: the upper bound A.expires is a plain column. The watermark is pushed into
-- the Kafka scan (as into lint's stand-in), so no node's output type carries the time attribute, and the reason said
-- "created (auctions) and bid_time (bids) are not time attributes (no WATERMARK is declared on them ...)" and the fix
-- asked to declare the WATERMARKs both tables declare. ComputedRowtimeJoinReasonTest.
CREATE TABLE auctions (
  id BIGINT,
  category BIGINT,
  created_ms BIGINT,
  expires TIMESTAMP_LTZ(3),
  created AS TO_TIMESTAMP_LTZ(created_ms, 3),
  WATERMARK FOR created AS created - INTERVAL '4' SECOND
) WITH ('connector' = 'kafka', 'topic' = 'auctions', 'properties.bootstrap.servers' = 'kafka:9092', 'format' = 'json');

CREATE TABLE bids (
  auction BIGINT,
  price BIGINT,
  bid_ms BIGINT,
  bid_time AS TO_TIMESTAMP_LTZ(bid_ms, 3),
  WATERMARK FOR bid_time AS bid_time - INTERVAL '4' SECOND
) WITH ('connector' = 'kafka', 'topic' = 'bids', 'properties.bootstrap.servers' = 'kafka:9092', 'format' = 'json');

CREATE TABLE max_bids (
  auction BIGINT,
  max_price BIGINT
) WITH ('connector' = 'blackhole');

INSERT INTO max_bids
SELECT A.id, MAX(B.price)
FROM auctions A, bids B
WHERE A.id = B.auction AND B.bid_time BETWEEN A.created AND A.expires
GROUP BY A.id;
