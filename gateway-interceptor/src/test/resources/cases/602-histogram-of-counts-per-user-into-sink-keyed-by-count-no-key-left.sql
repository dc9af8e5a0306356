-- expect: BLOCK on-conflict-required
-- expect-reason: the query groups by user_id, the upsert key of its aggregation, but selects none of it: the projection drops user_id, and with it the key, so the rows reach the sink with no key
-- expect-reason-absent: as rows of one  (
-- expect-fix: key the sink by the column user_id is written to
-- A count per user written into a sink keyed by the count: the SELECT writes no GROUP BY column, so no key reaches
-- the sink. The reason ended "rows of different groups reach the sink as rows of one  (" (no column was left to
-- name); it now says the rows reach the sink with no key, and the fix names the one column in the singular.
SET 'table.exec.state.ttl' = '1 d';

CREATE TABLE clicks (
  user_id BIGINT,
  url STRING
) WITH ('connector' = 'datagen');

CREATE TABLE clicks_by_count (
  clicks BIGINT,
  last_url STRING,
  PRIMARY KEY (clicks) NOT ENFORCED
) WITH ('connector' = 'blackhole');

INSERT INTO clicks_by_count
SELECT COUNT(*) AS clicks, MAX(url) AS last_url
FROM clicks
GROUP BY user_id;
