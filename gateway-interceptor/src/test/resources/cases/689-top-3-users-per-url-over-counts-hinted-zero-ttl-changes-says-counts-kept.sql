-- expect: BLOCK unbounded-rank
-- expect-rewrite: session-state-ttl
-- The top 3 users per URL over all-time counts whose aggregation a STATE_TTL('clicks' = '0') hint pins to keep its
-- state (the user's choice), with no session TTL. The session-state-ttl rewrite gives the Rank 1 d; its changes:
-- line said the aggregation "forgets a group idle that long as well", taking the '0' pin for the session's unset
-- TTL (both are 0 ms in the compiled plan). It now says the counts keep every group, as the hint pins them (golden
-- 689).
CREATE TABLE clicks (
  user_id STRING,
  url STRING
) WITH ('connector' = 'datagen');

SELECT * FROM (
  SELECT url, user_id, n, ROW_NUMBER() OVER (PARTITION BY url ORDER BY n DESC) AS rn
  FROM (SELECT /*+ STATE_TTL('clicks' = '0') */ url, user_id, COUNT(*) AS n FROM clicks GROUP BY url, user_id) t
) WHERE rn <= 3;
