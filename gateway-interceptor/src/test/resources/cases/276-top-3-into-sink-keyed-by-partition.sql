-- expect: BLOCK on-conflict-required
-- expect-absent: unbounded-rank
-- The top 3 orders per user written into a sink keyed by user_id alone: each user's three rows fall on one sink
-- row. ON CONFLICT DO DEDUPLICATE or DO NOTHING would keep an arbitrary one of the three, and DO ERROR fails at
-- the second: no ON CONFLICT rewrite is offered. The fix is the sink's key (user_id, rn) or rn = 1.
SET 'table.exec.state.ttl' = '1 d';

CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE top_orders (
  user_id STRING,
  order_id STRING,
  amount DOUBLE,
  PRIMARY KEY (user_id) NOT ENFORCED
) WITH ('connector' = 'blackhole');

INSERT INTO top_orders
SELECT user_id, order_id, amount
FROM (
  SELECT user_id, order_id, amount,
         ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC) AS rn
  FROM orders
)
WHERE rn <= 3;
