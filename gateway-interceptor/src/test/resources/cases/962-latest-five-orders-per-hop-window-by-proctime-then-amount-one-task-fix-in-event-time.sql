-- expect: WARN global-rank proctime-top-n
-- expect-fix: Once the ranking is ordered by event time (proctime-top-n), where the stream is large, rank in two steps
-- expect-fix: ORDER BY order_time DESC, amount DESC) <= 5
-- expect-fix-absent: ORDER BY pt DESC, amount DESC) <= 5
-- The five orders of each 10-minute HOP window ordered by processing time, then amount, partitioned by the window
-- alone: a WindowRank whose rows tie on pt (Flink ranks them by amount alone) in one task. global-rank's two-step fix
-- orders its steps by the event time proctime-top-n's fix gives, not by pt, which proctime-top-n says is tied.
CREATE TABLE orders (
  order_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT window_start, window_end, order_id, amount FROM (
  SELECT window_start, window_end, order_id, amount,
    ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY pt DESC, amount DESC) AS rn
  FROM TABLE(HOP(TABLE orders, DESCRIPTOR(order_time), INTERVAL '5' MINUTE, INTERVAL '10' MINUTE)))
WHERE rn <= 5;
