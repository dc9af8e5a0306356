-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- Two aggregations of one table grouped by the same url under one UNION ALL, neither hinted: each finding's
-- state-ttl-hint rewrite hinted both SELECTs (issue 30 §1: a hint added to a block the finding is not about), and a
-- rewrite that left one would have said "it leaves the GroupAggregate (url) with no TTL", which names neither. Each
-- rewrite now hints its own SELECT alone, and names the aggregation it leaves by its plan node, as both read clicks
-- grouped by url (golden 1161).
CREATE TABLE clicks (user_id BIGINT, url STRING) WITH ('connector' = 'datagen');

SELECT url, 'clicks' AS measure, COUNT(*) AS n
FROM clicks
GROUP BY url
UNION ALL
SELECT url, 'users' AS measure, COUNT(DISTINCT user_id) AS n
FROM clicks
GROUP BY url;
