-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-reason: the right side (pages) is a bounded source, read once
-- Clicks per category: a stream of clicks joined with pages read once from CSV files (a filesystem table without
-- 'source.monitor-interval'), counted in the same SELECT. The state-ttl-hint rewrite hinted both join inputs of that
-- SELECT (STATE_TTL('k' = '1 d', 'p' = '1 d')) while the join's fix said to give the side read once none: it names the
-- clicks alone, and its changes: line does not say that the counts expire, since the hint on a SELECT that joins
-- names the join's inputs and reaches no aggregation over the join (the proof's compiled plan: the GroupAggregate keeps
-- the session's TTL). Golden 800.
CREATE TABLE clicks (user_id STRING, page_id STRING, ts TIMESTAMP(3)) WITH ('connector' = 'datagen');

CREATE TABLE pages (page_id STRING, category STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-800', 'format' = 'csv');

SELECT p.category, COUNT(*) AS clicks
FROM clicks k
JOIN pages p ON k.page_id = p.page_id
GROUP BY p.category;
