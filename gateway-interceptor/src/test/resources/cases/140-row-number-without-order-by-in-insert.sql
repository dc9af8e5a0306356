-- expect: BLOCK row-number-without-order-by
-- expect-rewrite: time-attribute-order
-- ROW_NUMBER with no ORDER BY at all, in an INSERT: the planner's reason arrives under
-- "Error while applying rule FlinkLogicalOverAggregateConverter" and the gateway's own wrapper.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE latest_orders (order_id STRING, user_id STRING, amount DOUBLE) WITH ('connector' = 'blackhole');

INSERT INTO latest_orders
SELECT order_id, user_id, amount FROM (
  SELECT order_id, user_id, amount, ROW_NUMBER() OVER (PARTITION BY user_id) AS rn FROM orders
) WHERE rn = 1;
