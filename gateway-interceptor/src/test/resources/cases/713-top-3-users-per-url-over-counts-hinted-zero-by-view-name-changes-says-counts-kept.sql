-- expect: BLOCK unbounded-rank
-- expect-rewrite: session-state-ttl
-- The top 3 users per URL over all-time counts whose aggregation reads a view, pinned to keep its state by a
-- STATE_TTL hint keyed by the view's name (STATE_TTL('eu_clicks' = '0'): Flink matches a hint's key to the input's
-- alias or name, and the view is that input), with no session TTL. The session-state-ttl rewrite's changes: line said
-- the counts "forget a group idle that long as well": the '0' pin was recognised only where its key named a table the
-- aggregation reads directly (case 689). The rewrite's own compiled plan now says it: the aggregation keeps 0 ms under
-- the SET, so its groups are kept (golden 713).
CREATE TABLE clicks (
  user_id STRING,
  url STRING,
  region STRING
) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW eu_clicks AS SELECT user_id, url FROM clicks WHERE region = 'eu';

SELECT * FROM (
  SELECT url, user_id, n, ROW_NUMBER() OVER (PARTITION BY url ORDER BY n DESC) AS rn
  FROM (SELECT /*+ STATE_TTL('eu_clicks' = '0') */ url, user_id, COUNT(*) AS n FROM eu_clicks GROUP BY url, user_id) t
) WHERE rn <= 3;
