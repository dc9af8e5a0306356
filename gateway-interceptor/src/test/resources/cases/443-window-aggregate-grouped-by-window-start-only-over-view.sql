-- expect: WARN stateful-without-ttl window-aggregate-not-recognized
-- expect-rewrite: window-group
-- Totals per customer per minute, over a TUMBLE of a view, grouped by window_start without window_end: Flink
-- plans a plain GroupAggregate over the window's rows (a window aggregation needs both window columns in the
-- GROUP BY), whose totals stay in state after each minute ends. Group by window_start, window_end.
CREATE TABLE orders (
  id BIGINT,
  customer STRING,
  amount DOUBLE,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW big_orders AS SELECT id, customer, amount, ts FROM orders WHERE amount > 10;

SELECT customer, window_start, SUM(amount) AS total
FROM TABLE(TUMBLE(TABLE big_orders, DESCRIPTOR(ts), INTERVAL '1' MINUTE))
GROUP BY customer, window_start;
