-- expect: WARN stateful-without-ttl
-- expect-fix: a STATE_TTL hint on the EXISTS subquery's SELECT does not reach this aggregation
-- expect-fix-absent: STATE_TTL('r'
-- An aggregation with HAVING in a correlated EXISTS subquery: as case 870, the hint on its SELECT would be dropped
-- (case 874 writes it).
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
  SELECT e FROM r WHERE l.b = r.e GROUP BY e HAVING COUNT(*) > 1
);
