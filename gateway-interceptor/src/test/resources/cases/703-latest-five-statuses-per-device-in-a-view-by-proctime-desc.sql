-- expect: BLOCK unbounded-rank proctime-top-n
-- expect-reason: This Top-5 ordered by pt DESC reads as the latest 5 rows to arrive per device_id, but Flink keeps the first 5 rows to arrive per device_id
-- expect-reason: (partitioned by device_id, ordered by pt DESC)
-- expect-fix: ROW_NUMBER() OVER (PARTITION BY device_id ORDER BY pt DESC) = 1
-- The ranking hides in a view and the statement filters it: the plan is the same Rank, with the same first five rows
-- per device kept forever.
-- Its reasons named the order by what computes it, PROCTIME(), since the view selects no pt: they name
-- pt, as the view's ranking does (the view's query read from the session's catalog).
CREATE TABLE device_status (
  device_id STRING,
  status STRING,
  pt AS PROCTIME()
) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW ranked_status AS
SELECT device_id, status, ROW_NUMBER() OVER (PARTITION BY device_id ORDER BY pt DESC) AS rn FROM device_status;

SELECT device_id, status, rn FROM ranked_status WHERE rn <= 5;
