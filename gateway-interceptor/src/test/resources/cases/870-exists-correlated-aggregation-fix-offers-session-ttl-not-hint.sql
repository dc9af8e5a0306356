-- expect: WARN stateful-without-ttl
-- expect-fix: a STATE_TTL hint on the EXISTS subquery's SELECT does not reach this aggregation
-- expect-fix-absent: STATE_TTL('r'
-- Flink's plan test SemiAntiJoinTest#testExistsWithCorrelated_AggInSubQuery: an aggregation in a correlated EXISTS
-- subquery. The fix offered "for this aggregation alone /*+ STATE_TTL('r' = '1 d') */ on its SELECT": Flink drops a
-- STATE_TTL hint on an EXISTS subquery's SELECT (case 874: its compiled plan keeps a TTL of 0 for the aggregation,
-- ttl-hint-ignored fires), so only the job's TTL reaches it (issue 30 §1, a fix that does not apply).
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
  SELECT MAX(e) FROM r WHERE l.b = r.e AND d < 100 AND l.c = r.f GROUP BY d, true, f, 1
);
