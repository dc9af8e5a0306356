-- expect: BLOCK ttl-too-short
-- expect-rewrite: ttl-unit
-- expect-fix: Write a TTL longer than the time between rows of one key: /*+ STATE_TTL('source_t' = '1 d') */
-- expect-fix-absent: with a unit
-- The aggregation of Flink's GroupAggregateTestPrograms (AGG_WITH_STATE_TTL_HINT), its hint's TTL of '1s' kept: a
-- value with a unit, below sql-guard.min-state-ttl. The fix said "Write a TTL longer than the time between rows of
-- one key, with a unit", as for a bare number read as milliseconds; '1s' has its unit and is only too short, so the
-- fix no longer asks for one (the same for a session TTL written with a unit).
CREATE TABLE source_t (
  a INT,
  b BIGINT,
  c VARCHAR
) WITH ('connector' = 'datagen');

SELECT /*+ STATE_TTL('source_t' = '1s') */ b, COUNT(*) AS cnt, AVG(a) FILTER (WHERE a > 1) AS avg_a, MIN(c) AS min_c
FROM source_t GROUP BY b;
