-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- How many users have clicked how many times: a count per click count over a count per user. The outer aggregation
-- reads updates (each user's count retracts its previous value). Under a TTL a forgotten click count's group drops the
-- retractions that reach it later (Flink's GroupAggFunction keeps no accumulator for a retraction) and counts only the
-- users whose count changes after: the rewrite's changes: line said "an idle key's result is forgotten and starts
-- anew", as over inserts. Golden 1101 pins the line (issue 30, round 67; the CDC shape is lint case 54).
CREATE TABLE clicks (
  user_id BIGINT,
  url STRING,
  ts TIMESTAMP(3)
) WITH ('connector' = 'datagen');

SELECT cnt, COUNT(*) AS users
FROM (SELECT user_id, COUNT(*) AS cnt FROM clicks GROUP BY user_id)
GROUP BY cnt;
