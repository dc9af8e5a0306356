-- expect: WARN stateful-without-ttl
-- expect-reason: it keeps every row of its left input, and of its right input the one row of GroupAggregate
-- expect-reason-absent: both sides' state grows forever
-- Flink's plan test SemiAntiJoinTest#testExistsWithUncorrelated_ComplexCondition's shape: an uncorrelated EXISTS with a
-- filter beside it. As case 878, the SEMI join's right side is an aggregation's one row; only the left side grows.
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

SELECT * FROM l WHERE EXISTS (SELECT * FROM r WHERE r.d > 10) AND l.a > 5;
