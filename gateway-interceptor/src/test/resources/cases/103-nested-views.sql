-- expect: BLOCK unbounded-rank
-- expect-rewrite: session-state-ttl
-- The Top-N sits two views deep.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE VIEW ranked AS SELECT order_id, user_id, amount, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC) AS rn FROM orders;

CREATE VIEW top_orders AS SELECT * FROM ranked WHERE rn <= 5;

SELECT user_id, amount FROM top_orders;
