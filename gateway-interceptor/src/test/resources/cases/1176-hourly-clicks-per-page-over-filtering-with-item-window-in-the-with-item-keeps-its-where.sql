-- expect: WARN stateful-without-ttl
-- expect-rewrite: window-aggregate
-- expect-fix: GROUP BY window_start, window_end, page over TABLE(CUMULATE(TABLE c, DESCRIPTOR(ts), INTERVAL '1' MINUTE, INTERVAL '1' HOUR))
-- Case 1165's hourly clicks per page with the filtering query a WITH item in place of a FROM subquery. Before: the fix
-- named a window over the item (which keeps its WHERE), but the window-aggregate rewrite read only a FROM subquery, and
-- the only rewrite was the STATE_TTL hint. The rewrite puts the window into the WITH item's FROM, its WHERE kept, the
-- item selecting window_start and window_end, and the aggregation groups by them in the bucket's place (read by no
-- other block: a change of the item changes this block alone).
CREATE TABLE clicks (
  user_id STRING,
  page STRING,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

WITH c AS (SELECT page, ts FROM clicks WHERE page <> '/health')
SELECT FLOOR(ts TO HOUR) AS click_hour, page, COUNT(*) AS clicks
FROM c
GROUP BY FLOOR(ts TO HOUR), page;
