-- expect: BLOCK unbounded-rank window-rank-not-recognized
-- expect-rewrite: window-top-n
-- The three best regions of each day over a view of daily totals whose window time is called day_end, ranked by
-- day_end: a general Rank keyed by window_time. The window-top-n rewrite windows the view's rows again; each day's
-- rows carry one day_end, so its window is the view's own grain (1 day, the view's TUMBLE), not the configured 5 min.
CREATE TABLE orders (
  order_id STRING,
  region STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.region.length' = '1');

CREATE TEMPORARY VIEW daily AS
SELECT window_time AS day_end, region, SUM(amount) AS total
FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '1' DAY))
GROUP BY window_start, window_end, window_time, region;

SELECT day_end, region, total FROM (
  SELECT day_end, region, total,
         ROW_NUMBER() OVER (PARTITION BY day_end ORDER BY total DESC) AS rn
  FROM daily
) WHERE rn <= 3;
