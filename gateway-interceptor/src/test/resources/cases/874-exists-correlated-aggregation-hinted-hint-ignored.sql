-- expect: WARN ttl-hint-ignored
-- expect-reason: it is written on the SELECT of an EXISTS subquery, and Flink drops it there although that SELECT aggregates
-- expect-fix: Remove it from its SELECT: no STATE_TTL hint reaches an aggregation in an EXISTS subquery
-- expect-reason-absent: where that SELECT has none
-- Case 871 with the hint its fix used to offer on the subquery's SELECT: Flink's compiled plan keeps a TTL of 0 for
-- the aggregation, so ttl-hint-ignored fires and stateful-without-ttl still reports the aggregation. Its reason said
-- Flink drops a hint "where that SELECT has none" (no join or aggregation), and its fix "Move the hint to the SELECT
-- that joins or aggregates": this SELECT aggregates; no SELECT of an EXISTS takes the hint.
CREATE TABLE l (
  a INT,
  b BIGINT,
  c STRING
) WITH ('connector' = 'datagen');

CREATE TABLE r (
  d INT,
  e BIGINT,
  f STRING
) WITH ('connector' = 'datagen');

SELECT * FROM l WHERE EXISTS (
  SELECT /*+ STATE_TTL('r' = '1 d') */ e FROM r WHERE l.b = r.e GROUP BY e HAVING COUNT(*) > 1
);
