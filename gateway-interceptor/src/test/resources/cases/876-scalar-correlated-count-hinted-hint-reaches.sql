-- expect: WARN stateful-without-ttl
-- expect-absent: ttl-hint-ignored
-- expect-reason-absent: GroupAggregate
-- A correlated scalar subquery's COUNT, hinted on its SELECT: Flink keeps that hint (no ttl-hint-ignored, the
-- aggregation is not reported; only the join Flink builds for the scalar subquery is).
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

SELECT a, (SELECT /*+ STATE_TTL('r' = '1 d') */ COUNT(*) FROM r WHERE r.e = l.b) AS cnt FROM l;
