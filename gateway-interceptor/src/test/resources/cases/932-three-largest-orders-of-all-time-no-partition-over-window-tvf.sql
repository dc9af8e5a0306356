-- expect: WARN global-rank
-- expect-absent: unbounded-rank
-- expect-reason: It ranks the rows of every window together, its Top-3 one of all windows so far
-- expect-fix: over the rows of the window table function, which carry them
-- expect-fix: it still reads every row in one task: to spread it, rank per window and a key first
-- The three largest orders of all time, ranked with no PARTITION BY over the rows of a 10-minute TUMBLE: a Rank with
-- partitionBy=[] over an append-only input, three rows of state in one task. The fix now says what the window columns
-- the rows carry would make of it (a WindowRank per window, still one task over the TVF's rows).
CREATE TABLE orders (
  order_id STRING,
  region STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.region.length' = '1');

SELECT window_start, window_end, order_id, amount FROM (
  SELECT window_start, window_end, order_id, amount,
         ROW_NUMBER() OVER (ORDER BY amount DESC) AS rn
  FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '10' MINUTES))
) WHERE rn <= 3;
