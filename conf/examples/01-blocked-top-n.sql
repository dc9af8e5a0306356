-- Top-3 orders per user by amount, on an unbounded stream with no state TTL.
-- The guard blocks it: a non-window Rank keeps the ranking of every user forever (unbounded-rank).
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.user_id.length' = '1',
      'fields.amount.min' = '1', 'fields.amount.max' = '100');

SELECT * FROM (
  SELECT order_id, user_id, amount,
         ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC) AS rn
  FROM orders
) t WHERE rn <= 3;
