-- expect: WARN stateful-without-ttl
-- expect-fix: RANGE BETWEEN INTERVAL '5' MINUTE PRECEDING AND CURRENT ROW) (a range of 5 min, the window size the guard advises: a choice, not read from the statement; write the span the aggregate should cover)
-- A running total of transfers per account since its first transfer, by event time (watermark delay 1 minute):
-- the fix's bounded RANGE frame of 5 minutes is the guard's advised window size, nothing the statement says (its
-- TTL never expires, and the watermark's delay is how late rows arrive, not how far back to sum). The fix gave the
-- width as if it were the statement's; it now says it is a choice to make.
CREATE TABLE transfers (
  account_id STRING,
  amount DOUBLE,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '1' MINUTE
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT account_id, amount,
  SUM(amount) OVER (PARTITION BY account_id ORDER BY ts ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS total
FROM transfers;
