-- expect: WARN stateful-without-ttl
-- expect-fix: a STATE_TTL hint on the EXISTS subquery's SELECT does not reach this aggregation
-- expect-fix-absent: STATE_TTL('r'
-- An uncorrelated EXISTS over an aggregation: Flink drops a STATE_TTL hint on the subquery's SELECT as it does for a
-- correlated one (tried while writing this case: ttl-hint-ignored fires on it, the aggregation keeps a TTL of 0); the
-- dropping is EXISTS's, not correlation's (cases 875, 876: a correlated IN or scalar subquery keeps the hint).
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
  SELECT e FROM r GROUP BY e HAVING COUNT(*) > 1
);
