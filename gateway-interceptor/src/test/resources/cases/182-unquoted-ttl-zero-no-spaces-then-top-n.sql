-- expect: BLOCK unbounded-rank
-- SET with neither spaces nor quotes: Flink's extended parser sets the state TTL to 0 (never expire), so the
-- Top-N keeps every user's rows forever.
SET table.exec.state.ttl=0;

CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3)
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT * FROM (
  SELECT order_id, user_id, amount,
         ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC) AS rn
  FROM orders
) WHERE rn <= 3;
