-- expect: WARN stateful-without-ttl
-- expect-rewrite: window-aggregate
-- Hourly totals per item summed from a view of per-minute totals (a TUMBLE window aggregation) that carries the
-- minute window's window_time as rowtime, bucketed by hand with FLOOR(rowtime TO HOUR): a regular GroupAggregate
-- over the window aggregation's inserts, keeping every hour and item forever. Flink cascades window aggregations
-- over a window_time carried out of the first (docs, "Window Aggregation" > "Cascading Window Aggregation"; asked on
-- 2.3.0: TUMBLE(TABLE minute_totals, DESCRIPTOR(rowtime), INTERVAL '1' HOUR) plans as a second window aggregation),
-- and the window-aggregate rewrite offers it here, proven, with a changes: line (issue 30 §2, round 68: the cascaded
-- window aggregation is offered where Flink plans it; grouped by FLOOR(window_start TO HOUR) it is not: case 1120).
CREATE TABLE bids (
  item STRING,
  price DECIMAL(10, 2),
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE VIEW minute_totals AS
SELECT window_start AS minute_start, window_time AS rowtime, item, SUM(price) AS total
FROM TABLE(TUMBLE(TABLE bids, DESCRIPTOR(ts), INTERVAL '1' MINUTE))
GROUP BY window_start, window_end, window_time, item;

SELECT FLOOR(rowtime TO HOUR) AS hour_start, item, SUM(total) AS total
FROM minute_totals
GROUP BY FLOOR(rowtime TO HOUR), item;
