-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- expect-reason: right: the query after INTERSECT in the view signed_up_in_both_regions, over eu_signups
-- expect-reason-absent: IN or EXISTS
-- expect-fix: a STATE_TTL hint does not reach the SEMI join Flink builds from an INTERSECT in the view signed_up_in_both_regions, on any SELECT
-- Case 850's INTERSECT in a view that an INSERT reads: a regular SEMI join (ReplaceIntersectWithSemiJoinRule) whose
-- sides the guard named "the IN or EXISTS subquery's side" and "the outer query", as before round 61 for the
-- statement's own INTERSECT.
CREATE TABLE us_signups (
  email STRING,
  signed_up TIMESTAMP(3)
) WITH ('connector' = 'datagen');

CREATE TABLE eu_signups (
  email STRING,
  signed_up TIMESTAMP(3)
) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW signed_up_in_both_regions AS
SELECT email FROM us_signups
INTERSECT
SELECT email FROM eu_signups;

CREATE TABLE signed_up_in_both (
  email STRING
) WITH ('connector' = 'blackhole');

INSERT INTO signed_up_in_both
SELECT email FROM signed_up_in_both_regions;
