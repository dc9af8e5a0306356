-- expect: WARN proctime-top-n
-- expect-reason: This window Top-3 ordered by pt, amount DESC ranks the rows by amount DESC alone per window
-- expect-fix: order by the event-time attribute bid_time in place of pt (ORDER BY bid_time, amount DESC)
-- expect-fix-absent: Where the latest row by arrival is meant
-- A window Top-N ordered by processing time ascending, then by amount: each window's rows tie on pt, so they are
-- ranked by amount alone (an ascending processing-time key followed by others is no AppendOnlyFirstNFunction). Run on
-- Flink 2.3.0 and 1.20.0 over an event-time TUMBLE: PARTITION BY window_start, window_end ORDER BY pt ASC, v DESC
-- <= 2 emitted the window's two largest v.
CREATE TABLE bids (
  bid_id STRING,
  item STRING,
  amount DOUBLE,
  bid_time TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR bid_time AS bid_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT window_start, window_end, bid_id, amount FROM (
  SELECT window_start, window_end, bid_id, amount,
    ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY pt, amount DESC) AS rn
  FROM TABLE(TUMBLE(TABLE bids, DESCRIPTOR(bid_time), INTERVAL '10' MINUTE)))
WHERE rn <= 3;
