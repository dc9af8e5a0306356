-- expect: BLOCK unbounded-rank
-- expect-rewrite: session-state-ttl
-- expect-absent: window-rank-not-recognized
-- The three best hours of each user since the start, over a view of hourly window totals: a ranking across
-- windows, not per window. No window Top-N is offered (ranking per window would keep one row per user and hour:
-- another query); the TTL is the rewrite.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TEMPORARY VIEW hourly AS
SELECT window_start, window_end, window_time, user_id, SUM(amount) AS total
FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '1' HOUR))
GROUP BY window_start, window_end, window_time, user_id;

SELECT user_id, total FROM (
  SELECT user_id, total,
         ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY total DESC) AS rn
  FROM hourly
) WHERE rn <= 3;
