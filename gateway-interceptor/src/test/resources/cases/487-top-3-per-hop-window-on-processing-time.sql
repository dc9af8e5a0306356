-- expect: BLOCK window-proctime-unsupported
-- expect-rewrite: time-attribute-order
-- expect-fix: Window bids on its event-time attribute
-- The three highest bids per item and sliding 10-minute window, windowed by arrival time: Flink plans a WindowRank
-- and refuses it while translating ("Processing time Window TopN is not supported yet."). The ranking orders by the
-- price, not by time, so the rewrite changes only the window's DESCRIPTOR, to the table's event-time attribute.
CREATE TABLE bids (
  item STRING,
  price DECIMAL(10, 2),
  bidder STRING,
  bid_time TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR bid_time AS bid_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT *
FROM (
  SELECT item, price, bidder, window_start, window_end,
         ROW_NUMBER() OVER (PARTITION BY window_start, window_end, item ORDER BY price DESC) AS rn
  FROM TABLE(HOP(TABLE bids, DESCRIPTOR(pt), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES))
) WHERE rn <= 3;
