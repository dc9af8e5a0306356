-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- Returning visitors: visits read twice under two names (a self-join, v1 and v2) and counted per user in the joining
-- SELECT (case 923's shape: the join's hint reaches the join alone, so the two expire at different times). The hint
-- rewrite's changes: line named the join "the Join of visits with visits", which tells a reader neither side; each
-- side is now named by its alias, as the finding's own message does (golden).
CREATE TABLE visits (visit_id STRING, user_id STRING, page STRING) WITH ('connector' = 'datagen');

SELECT v1.user_id, COUNT(*) AS return_visits
FROM visits v1
JOIN visits v2 ON v1.user_id = v2.user_id AND v1.visit_id <> v2.visit_id
GROUP BY v1.user_id;
