-- expect: WARN stateful-without-ttl
-- expect-reason: each holding every distinct value of COUNT(DISTINCT a), SUM(DISTINCT a), SUM(DISTINCT b), COUNT(DISTINCT d) seen for it
-- expect-reason-absent: COUNT(DISTINCT a), COUNT(DISTINCT a)
-- The aggregation of Flink's GroupAggregateTestPrograms (GROUP_BY_DISTINCT): COUNT(DISTINCT a) twice, once with
-- FILTER (WHERE b > 10). The plan prints both as COUNT(DISTINCT a) (the filter is an argument index), and the
-- reason named it twice: "each holding every distinct value of COUNT(DISTINCT a), COUNT(DISTINCT a), ...". Named
-- once now, as the changes: line of its TTL rewrite already did.
CREATE TABLE source_t (
  a INT,
  b BIGINT,
  c INT,
  d VARCHAR,
  e BIGINT
) WITH ('connector' = 'datagen');

SELECT e,
       COUNT(DISTINCT a) FILTER (WHERE b > 10) AS cnt_a1,
       COUNT(DISTINCT a) AS cnt_a2,
       SUM(DISTINCT a) AS sum_a,
       SUM(DISTINCT b) AS sum_b,
       AVG(b) AS avg_b,
       COUNT(DISTINCT d) AS concat_d
FROM source_t GROUP BY e;
