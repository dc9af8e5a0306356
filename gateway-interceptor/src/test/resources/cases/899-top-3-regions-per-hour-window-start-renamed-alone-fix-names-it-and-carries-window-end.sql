-- expect: BLOCK unbounded-rank window-rank-not-recognized
-- expect-reason: partitioned by ws (window_start renamed) without window_end
-- expect-fix: Select window_end beside ws in the query the ranking reads, and partition by both (PARTITION BY ws, window_end
-- expect-fix: ROW_NUMBER() OVER (PARTITION BY ws, window_end ORDER BY total DESC) (window_end selected beside ws
-- expect-fix-absent: (PARTITION BY window_start, window_end)
-- expect-fix-absent: OVER (PARTITION BY window_start, window_end ORDER BY
-- The three best regions of each hour over a view of hourly window totals, the ranking reading window_start renamed ws
-- and partitioned by it alone: a general Rank keyed by window_start in Flink's plan, which keeps every hour's ranking.
-- Both findings named the column window_start and proposed PARTITION BY window_start, window_end, columns the query
-- the ranking reads does not have (it selects ws, and no window_end). PARTITION BY ws, window_end with window_end
-- selected beside ws plans a WindowRank (linted on 2.3: no finding).
CREATE TABLE orders (
  order_id STRING,
  region STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.region.length' = '1');

CREATE TEMPORARY VIEW hourly AS
SELECT window_start, window_end, region, SUM(amount) AS total
FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '1' HOUR))
GROUP BY window_start, window_end, region;

SELECT ws, region, total FROM (
  SELECT ws, region, total,
         ROW_NUMBER() OVER (PARTITION BY ws ORDER BY total DESC) AS rn
  FROM (SELECT window_start AS ws, region, total FROM hourly)
) WHERE rn <= 3;
