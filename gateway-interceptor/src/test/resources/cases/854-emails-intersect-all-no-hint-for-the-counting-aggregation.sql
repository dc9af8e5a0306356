-- expect: WARN stateful-without-ttl
-- expect-fix: a STATE_TTL hint does not reach the aggregation Flink builds for the INTERSECT ALL, on any SELECT
-- expect-fix-absent: STATE_TTL('
-- Flink's plan test SetOperatorsTest#testIntersectAll: Flink counts each value's rows on either side with one
-- aggregation over the UNION ALL of both queries (RewriteIntersectAllRule) and replicates the smaller count
-- (ReplicateRows). The fix now says that no SELECT writes that aggregation, so no STATE_TTL hint reaches it.
CREATE TABLE us_signups (
  email STRING,
  signed_up TIMESTAMP(3)
) WITH ('connector' = 'datagen');

CREATE TABLE eu_signups (
  email STRING,
  signed_up TIMESTAMP(3)
) WITH ('connector' = 'datagen');

SELECT email FROM us_signups
INTERSECT ALL
SELECT email FROM eu_signups;
