-- expect: BLOCK planner-error
-- expect-fix: CUMULATE's max size (its 4th argument, 1 h) must be a whole multiple of its step (its 3rd argument, 25 min)
-- expect-fix: a step that divides it (INTERVAL '20' MINUTE or INTERVAL '30' MINUTE)
-- expect-fix: a max size that is a multiple of it (INTERVAL '50' MINUTE or INTERVAL '75' MINUTE)
-- Hourly revenue so far, every 25 minutes (Flink's WindowAggregateTest#testUnsupportedException_CumulateSizeNonDivisible):
-- Flink 2.3.0 refuses it ("CUMULATE table function based aggregate requires maxSize must be an integral multiple of
-- step, but got maxSize 3600000 ms and step 1500000 ms.", WindowUtil#createWindowSpec); the guard said only "Correct
-- the statement as Flink's message says".
CREATE TABLE orders (
  order_id STRING,
  amount DECIMAL(10, 2),
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT window_start, window_end, SUM(amount) AS revenue
FROM TABLE(CUMULATE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '25' MINUTE, INTERVAL '1' HOUR))
GROUP BY window_start, window_end;
