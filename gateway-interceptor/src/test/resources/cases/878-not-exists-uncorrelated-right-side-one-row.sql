-- expect: WARN stateful-without-ttl
-- expect-reason: so the left side's state (l) grows forever; the right side's state (the IN or EXISTS subquery's side, over r) holds one row
-- expect-reason-absent: both sides' state grows forever
-- An uncorrelated NOT EXISTS (SELECT * FROM r): Flink plans the subquery as an aggregation without GROUP BY (the MIN
-- of a constant, one row) under an ANTI join without an equality key. The reason said the join keeps every row of
-- both inputs, "so both sides' state grows forever": its right side holds that one row, only the left side grows
-- (issue 30 §3).
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

SELECT * FROM l WHERE NOT EXISTS (SELECT * FROM r);
