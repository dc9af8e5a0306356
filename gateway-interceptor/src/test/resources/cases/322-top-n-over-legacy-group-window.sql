-- expect: BLOCK unbounded-rank
-- expect-reason: ordered by total DESC
-- A Top-N over a legacy GROUP BY TUMBLE(...) aggregation: the plan names the window's columns w$start and
-- w$end and its time attribute $e or similar; the message and fix name the statement's own columns only.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT * FROM (
  SELECT user_id, window_start, total,
         ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY total DESC) AS rn
  FROM (
    SELECT user_id, TUMBLE_START(order_time, INTERVAL '1' MINUTE) AS window_start, SUM(amount) AS total
    FROM orders
    GROUP BY user_id, TUMBLE(order_time, INTERVAL '1' MINUTE)
  )
) WHERE rn <= 3;
