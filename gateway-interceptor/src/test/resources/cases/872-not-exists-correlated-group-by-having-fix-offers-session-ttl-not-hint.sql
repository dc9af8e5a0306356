-- expect: WARN stateful-without-ttl
-- expect-fix: a STATE_TTL hint on the EXISTS subquery's SELECT does not reach this aggregation
-- expect-fix-absent: STATE_TTL('r'
-- NOT EXISTS over a correlated aggregating subquery: Flink drops a STATE_TTL hint written on the subquery's SELECT
-- here too (tried while writing this case: ttl-hint-ignored fires on it, the aggregation keeps a TTL of 0).
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

SELECT * FROM l WHERE NOT EXISTS (
  SELECT e FROM r WHERE l.b = r.e GROUP BY e HAVING COUNT(*) > 1
);
