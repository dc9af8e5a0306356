-- expect: BLOCK rn-filter-in-same-select
-- expect-rewrite: rank-in-subquery
-- The alias filter of case 08 in an INSERT: the rewrite keeps the INSERT and its sink.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE latest_orders (order_id STRING, user_id STRING, rn BIGINT) WITH ('connector' = 'blackhole');

INSERT INTO latest_orders
SELECT order_id, user_id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY order_time DESC) AS rn
FROM orders
WHERE rn = 1;
