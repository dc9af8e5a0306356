-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-reason: per grouping set and its supplier_id, rating (GROUPING SETS, ROLLUP or CUBE)
-- expect-reason-absent: $e
-- expect-fix-absent: $e
-- GROUPING SETS over an unbounded table: Flink plans an Expand that copies each row once per grouping set and
-- numbers the copy in a column of its own, $e, which the aggregation groups by too. The message said the state
-- grows "as long as new supplier_id, rating, $e values arrive": $e is no name of the statement.
CREATE TABLE ratings (
  supplier_id STRING,
  product_id STRING,
  rating INT,
  rated_at TIMESTAMP(3)
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT supplier_id, rating, COUNT(*) AS total
FROM ratings
GROUP BY GROUPING SETS ((supplier_id, rating), (supplier_id), ());
