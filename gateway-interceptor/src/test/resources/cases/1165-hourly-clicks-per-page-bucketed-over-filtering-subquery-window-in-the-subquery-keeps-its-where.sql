-- expect: WARN stateful-without-ttl
-- expect-rewrite: window-aggregate
-- expect-fix: GROUP BY window_start, window_end, page over TABLE(CUMULATE(TABLE clicks, DESCRIPTOR(ts), INTERVAL '1' MINUTE, INTERVAL '1' HOUR))
-- expect-fix: (the window in the FROM of the subquery c in place of clicks, its WHERE kept: a window over clicks itself would drop it
-- Hourly clicks per page, bucketed by FLOOR(ts TO HOUR) over a subquery that filters the health checks out. Before: the
-- fix windowed clicks itself (TABLE(TUMBLE(TABLE clicks, ...)) in the aggregating SELECT, which drops the subquery's
-- WHERE) and the only rewrite was the STATE_TTL hint. The window goes into the subquery's FROM, its WHERE kept, the
-- subquery selecting window_start and window_end, and the aggregation groups by them in the bucket's place; Flink plans
-- it as a window aggregation.
CREATE TABLE clicks (
  user_id STRING,
  page STRING,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT FLOOR(ts TO HOUR) AS click_hour, page, COUNT(*) AS clicks
FROM (SELECT page, ts FROM clicks WHERE page <> '/health') AS c
GROUP BY FLOOR(ts TO HOUR), page;
