-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- How many users have clicked once, twice, ...: a count of counts. The inner aggregation keeps a count per user, the
-- outer one a count per click count, fed by the inner one's updates (each new click of a user retracts the user from
-- the old count and adds it to the new one). Under a TTL an inner user key that expires and returns starts again at
-- 1 and is emitted as a new row, with no retraction of its old count: the outer count keeps the user under its old
-- count too, forever. The TTL rewrites' changes: line says so (Flink 2.3.0 GroupAggFunction#processElement: no
-- accumulator in state, so the row is a first row, emitted as an INSERT; a retraction finding no accumulator is
-- dropped).
CREATE TABLE clicks (
  user_id STRING,
  url STRING
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT clicks_per_user, COUNT(*) AS users
FROM (SELECT user_id, COUNT(*) AS clicks_per_user FROM clicks GROUP BY user_id)
GROUP BY clicks_per_user;
