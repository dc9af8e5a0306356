-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- A join in a subquery and a COUNT(DISTINCT ...) in the outer SELECT over it. The aggregation's rewrite hints both
-- SELECTs (the outer one by the subquery's alias j), and the join's rewrite is the same statement: there the
-- aggregation gets the TTL, and the DISTINCT clause stays in the changes: line of both (golden). The counterpart of
-- 933 and 935, whose join's hint leaves the aggregation never expiring.
CREATE TABLE clicks (
  user_id BIGINT,
  url STRING,
  session_id STRING
) WITH ('connector' = 'datagen');

CREATE TABLE sessions (
  session_id STRING,
  device STRING
) WITH ('connector' = 'datagen');

SELECT device, COUNT(DISTINCT url) AS pages
FROM (
  SELECT c.url, s.device
  FROM clicks AS c
  JOIN sessions AS s ON c.session_id = s.session_id
) AS j
GROUP BY device;
