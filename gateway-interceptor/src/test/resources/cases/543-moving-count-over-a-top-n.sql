-- expect: BLOCK updates-into-append-only
-- expect-fix: Apply the OverAggregate to the insert-only rows before the Top-N
-- An OVER aggregate over the rows of a Top-N view: the OVER window accepts inserts only, and the Top-N replaces rows
-- ("StreamPhysicalOverAggregate doesn't support consuming update and delete changes which is produced by node
-- Rank(...)").
CREATE TABLE bids (
  item STRING,
  price DECIMAL(10, 2),
  bid_time TIMESTAMP(3),
  WATERMARK FOR bid_time AS bid_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE VIEW top_bids AS
SELECT item, price, bid_time FROM (
  SELECT *, ROW_NUMBER() OVER (PARTITION BY item ORDER BY price DESC) AS rn FROM bids
) WHERE rn <= 3;

SELECT item, COUNT(*) OVER (PARTITION BY item ORDER BY bid_time ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) AS recent
FROM top_bids;
