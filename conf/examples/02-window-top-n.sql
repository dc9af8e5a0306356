-- The fix: rank per 5-minute window (window Top-N). Flink frees each window's state when it closes.
-- 'number-of-rows' makes the demo source bounded so the windows close and rows come back at once.
SET 'sql-client.execution.result-mode' = 'tableau';

CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'number-of-rows' = '100', 'fields.user_id.length' = '1',
      'fields.amount.min' = '1', 'fields.amount.max' = '100');

SELECT window_start, window_end, user_id, total FROM (
  SELECT window_start, window_end, user_id, SUM(amount) AS total,
         ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY SUM(amount) DESC) AS rn
  FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '5' MINUTES))
  GROUP BY window_start, window_end, user_id
) WHERE rn <= 3;
