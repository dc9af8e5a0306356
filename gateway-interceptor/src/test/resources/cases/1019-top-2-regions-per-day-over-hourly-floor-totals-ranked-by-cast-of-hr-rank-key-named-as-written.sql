-- expect: BLOCK unbounded-rank
-- expect-rewrite: window-aggregate
-- The two best hourly region totals of each day: a Rank partitioned by CAST(hr AS DATE) over totals per
-- FLOOR(order_time TO HOUR) and region. window-aggregate's rewrite makes the totals a 1-hour TUMBLE, and the ranking
-- above stays a Rank partitioned by a key computed from window_start: its changes: line names that key as the
-- statement writes it, CAST(hr AS DATE), not "a key computed from window_start".
CREATE TABLE orders (
  order_id STRING,
  region STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.region.length' = '1');

SELECT hr, region, total FROM (
  SELECT hr, region, total,
         ROW_NUMBER() OVER (PARTITION BY CAST(hr AS DATE) ORDER BY total DESC) AS rn
  FROM (
    SELECT FLOOR(order_time TO HOUR) AS hr, region, SUM(amount) AS total
    FROM orders
    GROUP BY FLOOR(order_time TO HOUR), region
  )
) WHERE rn <= 2;
