-- expect: BLOCK offset-without-fetch
-- expect-rewrite: bounded-sort
-- expect-fix: LIMIT n before the OFFSET
-- Skipping the first rows of a stream with OFFSET and no ORDER BY (a paging query carried over from a database):
-- Flink plans a Limit and refuses it while translating ("FETCH is missed, which on streaming table is not supported
-- currently.", StreamExecLimit). The rewrite adds FETCH NEXT n ROWS ONLY.
CREATE TABLE page_views (
  user_id STRING,
  url STRING
) WITH ('connector' = 'datagen');

SELECT user_id, url FROM page_views OFFSET 5 ROWS;
