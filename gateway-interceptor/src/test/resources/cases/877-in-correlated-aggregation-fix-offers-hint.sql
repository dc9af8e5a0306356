-- expect: WARN stateful-without-ttl
-- expect-fix: or for this aggregation alone /*+ STATE_TTL('r' = '1 d') */ on its SELECT
-- An aggregation in a correlated IN subquery: the hint on its SELECT reaches it (case 875), so the fix offers it, as
-- before.
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
  SELECT MAX(e) FROM r WHERE r.f = l.c GROUP BY f
);
