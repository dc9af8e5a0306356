-- expect: BLOCK unbounded-rank
-- expect-rewrite: window-top-n window-aggregate
-- The two best shops of each day, the day a DATE_FORMAT(sold_at, 'yyyy-MM-dd') key of the aggregation below, ranked by
-- a Rank partitioned by that day. window-aggregate's rewrite of the aggregation is a 1-day TUMBLE alone: a CUMULATE
-- window's result so far at each step is a new row, which the Rank would rank beside the shop's earlier results of the
-- day. The SET before it is for the Rank it leaves, and its changes: line says so: a window aggregation needs no TTL.
CREATE TABLE sales (
  shop STRING,
  amount DOUBLE,
  sold_at TIMESTAMP(3),
  WATERMARK FOR sold_at AS sold_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.shop.length' = '2');

SELECT sale_day, shop, total FROM (
  SELECT sale_day, shop, total,
         ROW_NUMBER() OVER (PARTITION BY sale_day ORDER BY total DESC) AS rn
  FROM (
    SELECT DATE_FORMAT(sold_at, 'yyyy-MM-dd') AS sale_day, shop, SUM(amount) AS total
    FROM sales
    GROUP BY DATE_FORMAT(sold_at, 'yyyy-MM-dd'), shop
  )
) WHERE rn <= 2;
