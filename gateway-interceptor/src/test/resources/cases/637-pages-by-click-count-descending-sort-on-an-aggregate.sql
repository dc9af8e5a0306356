-- expect: BLOCK sort-non-time
-- expect-reason: This ORDER BY starts with c DESC, the result of COUNT(*), which is no time attribute
-- expect-reason-absent: which Flink refuses even on a time attribute
-- expect-fix: keep a Top-N: ORDER BY c DESC LIMIT n
-- expect-fix-absent: where c is a time attribute
-- Pages by their click count, largest first (Flink's GroupingSetsTest#testRollupPlusOrderBy has the shape): the
-- sort key is a COUNT(*), an aggregate's result. The reason and fix spoke of c as if it might be a time attribute
-- ("descending, which Flink refuses even on a time attribute", "where c is a time attribute, sort by it
-- ascending"); they now say what c is.
CREATE TABLE clicks (
  page STRING,
  user_id STRING
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT page, COUNT(*) AS c FROM clicks GROUP BY page ORDER BY c DESC;
