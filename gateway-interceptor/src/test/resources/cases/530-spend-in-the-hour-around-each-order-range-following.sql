-- expect: BLOCK over-following-unsupported
-- expect-rewrite: frame-ends-at-current-row
-- expect-fix: AND CURRENT ROW
-- A customer's spend in the hour around each order (RANGE BETWEEN INTERVAL '30' MINUTE PRECEDING AND INTERVAL '30'
-- MINUTE FOLLOWING) on the event-time attribute, in a named WINDOW clause: the same refusal as ROWS ("OVER RANGE
-- FOLLOWING windows are not supported yet.", StreamExecOverAggregate#translateToPlanInternal).
CREATE TABLE orders (
  order_id STRING,
  customer STRING,
  amount DECIMAL(10, 2),
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '10' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE spend_around (
  order_id STRING,
  customer STRING,
  spend DECIMAL(38, 2)
) WITH ('connector' = 'blackhole');

INSERT INTO spend_around
SELECT order_id, customer, SUM(amount) OVER w AS spend
FROM orders
WINDOW w AS (PARTITION BY customer ORDER BY order_time
  RANGE BETWEEN INTERVAL '30' MINUTE PRECEDING AND INTERVAL '30' MINUTE FOLLOWING);
