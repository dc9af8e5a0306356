-- expect: BLOCK sort-non-time
-- expect-rewrite: bounded-sort
-- A sort on a business column written into a sink: Flink cannot sort an unbounded stream by it; as
-- ORDER BY ... LIMIT n it is a Top-N of the whole stream (SortLimit), which an updating sink takes.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE biggest_orders (order_id STRING, amount DOUBLE) WITH ('connector' = 'blackhole');

INSERT INTO biggest_orders
SELECT order_id, amount FROM orders ORDER BY amount DESC;
