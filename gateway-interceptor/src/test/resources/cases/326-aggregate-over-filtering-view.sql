-- expect: WARN stateful-without-ttl
-- expect-fix: over TABLE(TUMBLE(TABLE paid_orders, DESCRIPTOR(order_time)
-- expect-fix-absent: TABLE orders,
-- A GROUP BY over a view that keeps only paid orders: the fix's window reads the view the statement reads
-- (TABLE paid_orders), not the table under it, which would count unpaid orders too.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  status STRING,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TEMPORARY VIEW paid_orders AS SELECT * FROM orders WHERE status = 'PAID';

SELECT user_id, SUM(amount) AS total FROM paid_orders GROUP BY user_id;
