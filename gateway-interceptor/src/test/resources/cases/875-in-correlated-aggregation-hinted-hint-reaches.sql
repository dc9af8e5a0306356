-- expect: WARN stateful-without-ttl
-- expect-absent: ttl-hint-ignored
-- expect-reason-absent: GroupAggregate
-- An aggregation in a correlated IN subquery, hinted on its SELECT: Flink keeps that hint (no ttl-hint-ignored, the
-- aggregation is not reported; only the SEMI join is), so case 877's fix may offer it.
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

SELECT * FROM l WHERE b IN (
  SELECT /*+ STATE_TTL('r' = '1 d') */ MAX(e) FROM r WHERE r.f = l.c GROUP BY f
);
