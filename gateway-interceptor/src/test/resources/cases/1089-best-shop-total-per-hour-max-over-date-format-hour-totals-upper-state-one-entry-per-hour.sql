-- expect: WARN stateful-without-ttl
-- expect-rewrite: window-aggregate
-- expect-fix: over TABLE(TUMBLE(TABLE sales, DESCRIPTOR(sold_at), INTERVAL '1' HOUR))
-- expect-fix: the aggregation above it, grouped by sale_hour, keeps its own state per sale_hour, one entry per hour (sale_hour is the hour of sold_at, DATE_FORMAT(sold_at, 'yyyy-MM-dd HH')) either way
-- expect-fix-absent: one entry per value
-- The best shop total of each hour: a MAX per hour over totals per DATE_FORMAT(sold_at, 'yyyy-MM-dd HH') and shop. The
-- key of the MAX is an hour written as a formatted string: the fix and the window-aggregate rewrite's changes say the
-- MAX keeps one entry per hour (not "per value of sale_hour"), from the expression the key stands for.
CREATE TABLE sales (
  shop STRING,
  amount DOUBLE,
  sold_at TIMESTAMP(3),
  WATERMARK FOR sold_at AS sold_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.shop.length' = '2');

SELECT sale_hour, MAX(total) AS best_total FROM (
  SELECT DATE_FORMAT(sold_at, 'yyyy-MM-dd HH') AS sale_hour, shop, SUM(amount) AS total
  FROM sales
  GROUP BY DATE_FORMAT(sold_at, 'yyyy-MM-dd HH'), shop
)
GROUP BY sale_hour;
