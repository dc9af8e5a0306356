-- expect: BLOCK unbounded-rank
-- expect-fix: the highest price per id is needed, not the rest of its row, an aggregation: GROUP BY id with MAX(price)
-- expect-fix-absent: bid.auction
-- expect-fix-absent: auction.id
-- expect-fix-absent: bid.price
-- expect-reason-absent: bid.auction
-- expect-reason-absent: auction.id
-- expect-reason-absent: bid.price
-- The highest bid of each auction over bids joined with their auctions, each read through a view over the table's ROW
-- fields (Nexmark q9's shape, an equi-join): the ranking's key and order are the views' id and price, which the
-- findings named auction.id and bid.price.
CREATE TABLE events (
  event_type INT,
  auction ROW<id BIGINT, itemName VARCHAR, seller BIGINT, category BIGINT>,
  bid ROW<auction BIGINT, bidder BIGINT, price BIGINT, channel VARCHAR>,
  date_time TIMESTAMP(3),
  WATERMARK FOR date_time AS date_time - INTERVAL '4' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE VIEW bid AS SELECT bid.auction, bid.bidder, bid.price, bid.channel, date_time FROM events WHERE event_type = 2;

CREATE VIEW auction AS SELECT auction.id, auction.itemName, auction.seller, auction.category, date_time FROM events
WHERE event_type = 1;

SELECT id, itemName, bidder, price FROM (
  SELECT A.id, A.itemName, B.bidder, B.price,
    ROW_NUMBER() OVER (PARTITION BY A.id ORDER BY B.price DESC) AS rownum
  FROM auction AS A INNER JOIN bid AS B ON A.id = B.auction
) WHERE rownum <= 1;
