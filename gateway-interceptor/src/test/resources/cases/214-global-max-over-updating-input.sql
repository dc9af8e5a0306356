-- expect: WARN stateful-without-ttl
-- The largest user total: a global MAX over an updating input (the inner GROUP BY retracts its old totals), so
-- Flink builds MaxWithRetractAggFunction (aggCallNeedRetractions [true]), which keeps every total it may fall back
-- to in a MapView: not one row of state. The inner aggregation is bounded by a hint (1 d); the global one is
-- reported.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  category STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.user_id.length' = '3');

SELECT MAX(total) AS top_total FROM (
  SELECT /*+ STATE_TTL('orders' = '1 d') */ user_id, SUM(amount) AS total FROM orders GROUP BY user_id
);
