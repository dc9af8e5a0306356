-- expect: BLOCK unbounded-rank
-- A Top-N over a view that filters its table: the fix's window reads the view the statement reads
-- (TABLE big_orders), not the table under it, which would drop the view's filter.
-- expect-fix: TABLE(TUMBLE(TABLE big_orders, DESCRIPTOR(order_time)
-- expect-fix-absent: TABLE orders,
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TEMPORARY VIEW big_orders AS SELECT * FROM orders WHERE amount > 100;

SELECT * FROM (
  SELECT order_id, user_id, amount,
         ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC) AS rn
  FROM big_orders
) WHERE rn <= 3;
