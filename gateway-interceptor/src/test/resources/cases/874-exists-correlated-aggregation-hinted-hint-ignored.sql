-- expect: WARN ttl-hint-ignored
-- expect-fix-absent: STATE_TTL('r'
-- Case 871 with the hint its fix used to offer on the subquery's SELECT: Flink's compiled plan keeps a TTL of 0 for
-- the aggregation, so ttl-hint-ignored fires and stateful-without-ttl still reports the aggregation.
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
