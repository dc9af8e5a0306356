-- expect: WARN global-rank
-- expect-reason: it keeps one row, the first by processing time
-- expect-reason: the result is the first row read, and it never changes after it
-- expect-fix: Where the first row per key is meant
-- The first login of all, by a PROCTIME() column ascending, no PARTITION BY (a per-user first login without its key):
-- Flink plans Deduplicate(keep=[FirstRow], key=[]) on one task, which keeps a flag and drops every row after the
-- first. The result is one row for the life of the job; nothing was said.
CREATE TABLE logins (
  user_id STRING,
  device STRING,
  pt AS PROCTIME()
) WITH ('connector' = 'datagen');

SELECT user_id, device FROM (
  SELECT user_id, device, ROW_NUMBER() OVER (ORDER BY pt ASC) AS rn FROM logins)
WHERE rn = 1;
