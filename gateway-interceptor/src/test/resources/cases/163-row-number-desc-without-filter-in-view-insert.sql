-- expect: BLOCK over-order-desc
-- expect-rewrite: top-n-filter
-- ROW_NUMBER ordered descending without a Top-N filter, defined in a view and written by an INSERT: the
-- diagnosis finds 'The window can only be ordered in ASCENDING mode' wherever the planner wraps it.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TEMPORARY VIEW numbered AS
SELECT order_id, user_id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY order_time DESC) AS rn FROM orders;

CREATE TABLE numbered_orders (order_id STRING, user_id STRING, rn BIGINT) WITH ('connector' = 'blackhole');

INSERT INTO numbered_orders SELECT order_id, user_id, rn FROM numbered;
