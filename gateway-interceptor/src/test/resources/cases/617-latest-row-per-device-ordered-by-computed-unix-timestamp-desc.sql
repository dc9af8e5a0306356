-- expect: BLOCK unbounded-rank
-- expect-fix: Order by a PROCTIME() column in place of read_at (read_at is the wall clock when the row is read, UNIX_TIMESTAMP(), which is no time attribute; a column AS PROCTIME() in readings's DDL is that time as one)
-- expect-fix: GROUP BY device_id with MAX(read_at)
-- expect-fix-absent: MAX(UNIX_TIMESTAMP())
-- The latest reading per device, ordered descending by a computed column read_at AS UNIX_TIMESTAMP() (the shape of
-- case 616 keeping the last row): the fix names read_at, not the expression the plan inlines, and offers a PROCTIME()
-- column first, on which Flink plans the Top-1 as a Deduplicate keeping the latest row.
CREATE TABLE readings (
  device_id STRING,
  reading DOUBLE,
  read_at AS UNIX_TIMESTAMP()
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT device_id, reading
FROM (
  SELECT device_id, reading,
    ROW_NUMBER() OVER (PARTITION BY device_id ORDER BY read_at DESC) AS rn
  FROM readings)
WHERE rn = 1;
