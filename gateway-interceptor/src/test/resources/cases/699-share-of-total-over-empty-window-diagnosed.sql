-- expect: BLOCK over-without-order-by
-- expect-fix: SUM(amount) OVER (ORDER BY PROCTIME())
-- Each order's share of all orders, amount / SUM(amount) OVER (), as a batch report writes it: the window has
-- neither PARTITION BY nor ORDER BY. Flink 2.3.0 refuses it ("The window can only be ordered by a single time
-- column"); the diagnosis names the window and the two things a stream can compute instead.
CREATE TABLE orders (
  order_id STRING,
  amount DECIMAL(10, 2),
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT order_id, amount, amount / SUM(amount) OVER () AS share
FROM orders;
