-- expect: WARN stateful-without-ttl
-- expect-rewrite: window-aggregate
-- Daily totals per shop (CAST(sold_at AS DATE)) joined to each shop's target by a regular join. The window-aggregate
-- rewrite of the totals frees the aggregation's state when each day closes; the join above it keeps both inputs' rows
-- with no TTL (its own stateful-without-ttl finding, still reported), which the rewrite's changes say, so that it does
-- not read as if the window bounded the whole statement.
CREATE TABLE sales (
  shop STRING,
  amount DOUBLE,
  sold_at TIMESTAMP(3),
  WATERMARK FOR sold_at AS sold_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.shop.length' = '2');

CREATE TABLE shop_targets (
  shop STRING,
  target DOUBLE
) WITH ('connector' = 'datagen', 'rows-per-second' = '1', 'fields.shop.length' = '2');

SELECT t.sale_day, t.shop, t.total, g.target
FROM (
  SELECT CAST(sold_at AS DATE) AS sale_day, shop, SUM(amount) AS total
  FROM sales
  GROUP BY CAST(sold_at AS DATE), shop
) AS t
JOIN shop_targets AS g ON t.shop = g.shop;
