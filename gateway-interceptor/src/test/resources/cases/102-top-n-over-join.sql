-- expect: BLOCK unbounded-rank
-- expect-rewrite: session-state-ttl state-ttl-hint
-- Top-2 orders per user over a regular join with a users table.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE users (user_id STRING, country STRING) WITH ('connector' = 'datagen', 'rows-per-second' = '1');

SELECT * FROM (
  SELECT o.order_id, u.country, o.amount,
         ROW_NUMBER() OVER (PARTITION BY u.country ORDER BY o.amount DESC) AS rn
  FROM orders o JOIN users u ON o.user_id = u.user_id
) WHERE rn <= 2;
