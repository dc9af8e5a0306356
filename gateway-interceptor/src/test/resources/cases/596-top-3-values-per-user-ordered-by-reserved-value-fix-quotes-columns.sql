-- expect: BLOCK unbounded-rank
-- expect-fix: ROW_NUMBER() OVER (PARTITION BY window_start, window_end, `user` ORDER BY `value` DESC)
-- expect-fix: DESCRIPTOR(`timestamp`)
-- expect-fix-absent: ORDER BY value DESC
-- expect-fix-absent: DESCRIPTOR(timestamp)
-- The three largest values per user since the start, over a table whose columns are named `user`, `value` and
-- `timestamp` (reserved words, in back-ticks): a non-window Rank. Its fix ranks per window instead, a window Top-N
-- written from the plan's partition, order and time attribute, which the plan prints without back-ticks
-- (partitionBy=[user], orderBy=[value DESC]): the fix wrote "PARTITION BY window_start, window_end, user ORDER BY
-- value DESC ... DESCRIPTOR(timestamp)", SQL that Flink's parser refuses. The plan's names are now written as SQL
-- through SqlIdentifiers#planName (reserved words in back-ticks, Flink's own $-names as printed).
CREATE TABLE readings (
  `user` STRING,
  `value` BIGINT,
  `timestamp` TIMESTAMP(3),
  WATERMARK FOR `timestamp` AS `timestamp` - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT `user`, `value`
FROM (
  SELECT `user`, `value`,
    ROW_NUMBER() OVER (PARTITION BY `user` ORDER BY `value` DESC) AS rn
  FROM readings)
WHERE rn <= 3;
