-- expect: BLOCK unbounded-rank stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- The three click counts most users reach per url: a Top-3 over a count of users per url and click count, over a
-- count of clicks per url and user. The user pinned the middle aggregation to keep every group, STATE_TTL('per_user'
-- = '0') on its SELECT (keyed by the subquery's alias); it reads updates (each user's count retracts its previous
-- value). The session-state-ttl rewrite sets 'table.exec.state.ttl' for the whole statement, which the hint's '0'
-- overrides there: the rewrite's compiled plan gives that aggregation 0 ms, so none of its groups is forgotten and no
-- retraction reaching it is dropped. Its changes: line read the statement's plan (no TTL anywhere) and said both that
-- COUNT(*) per url, cnt "reads updates: once a group is forgotten, Flink drops the retractions that reach it" and that
-- it keeps every group forever; it now reads the TTL each aggregation gets in the rewrite's plan (golden 1145).
CREATE TABLE clicks (
  user_id BIGINT,
  url STRING,
  ts TIMESTAMP(3)
) WITH ('connector' = 'datagen');

SELECT url, cnt, users
FROM (
  SELECT url, cnt, users, ROW_NUMBER() OVER (PARTITION BY url ORDER BY users DESC) AS rn
  FROM (
    SELECT /*+ STATE_TTL('per_user' = '0') */ url, cnt, COUNT(*) AS users
    FROM (SELECT url, user_id, COUNT(*) AS cnt FROM clicks GROUP BY url, user_id) per_user
    GROUP BY url, cnt
  ) reached
)
WHERE rn <= 3;
