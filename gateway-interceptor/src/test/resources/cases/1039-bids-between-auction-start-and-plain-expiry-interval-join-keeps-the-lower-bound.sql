-- expect: WARN stateful-without-ttl
-- expect-fix: ON A.id = B.auction AND B.bid_time BETWEEN A.created AND A.created + INTERVAL '1' HOUR (the statement's own bound, B.bid_time >= A.created, kept
-- expect-fix-absent: the statement does not say whether
-- expect-fix-absent: A.created - INTERVAL '1' HOUR
-- The highest bid per auction among the bids made between the auction's start and its expiry (Nexmark q4's inner
-- join). A bid comes after its auction (B.bid_time >= A.created); the upper bound, A.expires, is a plain column, so
-- Flink plans a regular join. The interval join offered was "BETWEEN A.created - INTERVAL '1' HOUR AND A.created +
-- INTERVAL '1' HOUR (an hour either side: the statement does not say whether a bids row comes before or after its
-- auctions row ...)": the statement says it, and the offer widened its bound to bids an hour before the auction.
CREATE TABLE auctions (
  id BIGINT,
  category BIGINT,
  created TIMESTAMP(3),
  expires TIMESTAMP(3),
  WATERMARK FOR created AS created - INTERVAL '4' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE bids (
  auction BIGINT,
  price BIGINT,
  bid_time TIMESTAMP(3),
  WATERMARK FOR bid_time AS bid_time - INTERVAL '4' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE max_bids (
  auction BIGINT,
  max_price BIGINT
) WITH ('connector' = 'blackhole');

INSERT INTO max_bids
SELECT A.id, MAX(B.price)
FROM auctions A, bids B
WHERE A.id = B.auction AND B.bid_time BETWEEN A.created AND A.expires
GROUP BY A.id;
