-- expect: BLOCK unbounded-rank
-- Nexmark q9 (the winning bid of each auction): one Kafka topic of events whose ROW fields hold a person, an auction
-- or a bid, its event time a computed CASE over the three ROWs' times with a WATERMARK, read through the views auction
-- and bid; the join bounds the bid's time by the auction's start and its plain expires column, so Flink plans a
-- regular join and a Rank over it. The join's reason said "`dateTime` (events) and `dateTime` (events) are not time
-- attributes (no WATERMARK is declared on them ...)" and its fix asked to declare the WATERMARK the table declares.
-- ComputedRowtimeJoinReasonTest.
CREATE TABLE events (
  event_type INT,
  person ROW<id BIGINT, name VARCHAR, `dateTime` TIMESTAMP(3)>,
  auction ROW<id BIGINT, itemName VARCHAR, initialBid BIGINT, `dateTime` TIMESTAMP(3), expires TIMESTAMP(3),
    seller BIGINT, category BIGINT>,
  bid ROW<auction BIGINT, bidder BIGINT, price BIGINT, `dateTime` TIMESTAMP(3)>,
  `dateTime` AS
    CASE
      WHEN event_type = 0 THEN person.`dateTime`
      WHEN event_type = 1 THEN auction.`dateTime`
      ELSE bid.`dateTime`
    END,
  WATERMARK FOR `dateTime` AS `dateTime` - INTERVAL '4' SECOND
) WITH ('connector' = 'kafka', 'topic' = 'nexmark', 'properties.bootstrap.servers' = 'kafka:9092', 'format' = 'json');

CREATE VIEW auction AS
SELECT auction.id, auction.itemName, auction.initialBid, `dateTime`, auction.expires, auction.seller, auction.category
FROM events WHERE event_type = 1;

CREATE VIEW bid AS
SELECT bid.auction, bid.bidder, bid.price, `dateTime`
FROM events WHERE event_type = 2;

CREATE TABLE winning_bids (
  id BIGINT,
  itemName VARCHAR,
  seller BIGINT,
  bidder BIGINT,
  price BIGINT,
  bid_dateTime TIMESTAMP(3)
) WITH ('connector' = 'blackhole');

INSERT INTO winning_bids
SELECT id, itemName, seller, bidder, price, bid_dateTime
FROM (
  SELECT A.*, B.bidder, B.price, B.`dateTime` AS bid_dateTime,
    ROW_NUMBER() OVER (PARTITION BY A.id ORDER BY B.price DESC, B.`dateTime` ASC) AS rownum
  FROM auction A, bid B
  WHERE A.id = B.auction AND B.`dateTime` BETWEEN A.`dateTime` AND A.expires
)
WHERE rownum <= 1;
