-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- Hourly totals per item summed from a view of per-minute totals that exposes window_start, window_end and
-- window_time, bucketed by FLOOR(window_start TO HOUR): window_start is no time attribute, so no window aggregation
-- reads it, and a cascaded TUMBLE over the view's window_time is refused by Flink 2.3.0 ("Column 'window_start' is
-- ambiguous": the view's own window_start beside the TVF's; asked in round 68), as a window TVF over a subquery is
-- ("TABLE (" does not parse). The cascade plans only where the view renames its window columns (case 1119). Pinned
-- so that a cascaded-window rewrite added later shows in its golden; today a TTL is all that is offered.
CREATE TABLE bids (
  item STRING,
  price DECIMAL(10, 2),
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE VIEW minute_totals AS
SELECT window_start, window_end, window_time, item, SUM(price) AS total
FROM TABLE(TUMBLE(TABLE bids, DESCRIPTOR(ts), INTERVAL '1' MINUTE))
GROUP BY window_start, window_end, window_time, item;

SELECT FLOOR(window_start TO HOUR) AS hour_start, item, SUM(total) AS total
FROM minute_totals
GROUP BY FLOOR(window_start TO HOUR), item;
