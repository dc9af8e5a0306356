-- expect: OK
-- expect-absent: window-aggregate-not-recognized stateful-without-ttl
-- The same totals grouped by window_start and window_end: a window aggregation, whose state is freed when each
-- minute's window closes.
CREATE TABLE orders (
  id BIGINT,
  customer STRING,
  amount DOUBLE,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT customer, window_start, window_end, SUM(amount) AS total
FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(ts), INTERVAL '1' MINUTE))
GROUP BY customer, window_start, window_end;
