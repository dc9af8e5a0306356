-- expect: BLOCK unbounded-rank
-- expect-reason: partitioned by `user`, ordered by `value` DESC
-- expect-reason-absent: partitioned by user,
-- The top 3 values per user, both columns named by reserved words: the fix wrote `user` and `value` in back-ticks
-- (SqlIdentifiers#planName, case 596), but the reason's prose said "partitioned by user, ordered by `value` DESC",
-- one name as SQL and the other not. Names the guard writes read as columns wherever it writes them.
CREATE TABLE readings (
  `user` STRING,
  `value` DOUBLE
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT `user`, `value`
FROM (
  SELECT `user`, `value`,
    ROW_NUMBER() OVER (PARTITION BY `user` ORDER BY `value` DESC) AS rn
  FROM readings)
WHERE rn <= 3;
