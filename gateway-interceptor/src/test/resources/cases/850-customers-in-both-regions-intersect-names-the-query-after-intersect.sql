-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- expect-reason: right: the query after INTERSECT, over eu_signups
-- expect-reason-absent: IN or EXISTS
-- expect-fix: a STATE_TTL hint does not reach the SEMI join Flink builds from an INTERSECT, on any SELECT
-- expect-fix: a STATE_TTL hint does not reach the aggregation Flink builds for the INTERSECT, on any SELECT
-- Flink's plan test SetOperatorsTest#testIntersect (SELECT c FROM T1 INTERSECT SELECT f FROM T2) with tables of our
-- own: Flink plans a regular SEMI join under an aggregation that removes duplicates (ReplaceIntersectWithSemiJoinRule).
-- The guard named the right side "the IN or EXISTS subquery's side" and its fix a hint "Flink builds from an IN or
-- EXISTS subquery", and its changes: line spoke of "the outer query" and "the subquery's side": the statement has
-- neither (issue 30 §3, wrong inputs). The sides are the queries before and after INTERSECT.
CREATE TABLE us_signups (
  email STRING,
  signed_up TIMESTAMP(3)
) WITH ('connector' = 'datagen');

CREATE TABLE eu_signups (
  email STRING,
  signed_up TIMESTAMP(3)
) WITH ('connector' = 'datagen');

CREATE TABLE signed_up_in_both (
  email STRING
) WITH ('connector' = 'blackhole');

INSERT INTO signed_up_in_both
SELECT email FROM us_signups
INTERSECT
SELECT email FROM eu_signups;
