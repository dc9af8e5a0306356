-- expect: BLOCK unbounded-rank proctime-top-n
-- expect-reason: DESC reads as the latest 5 rows to arrive per device_id, but Flink keeps the first 5 rows to arrive per device_id
-- The ranking hides in a view and the statement filters it: the plan is the same Rank, with the same first five rows
-- per device kept forever.
CREATE TABLE device_status (
  device_id STRING,
  status STRING,
  pt AS PROCTIME()
) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW ranked_status AS
SELECT device_id, status, ROW_NUMBER() OVER (PARTITION BY device_id ORDER BY pt DESC) AS rn FROM device_status;

SELECT device_id, status, rn FROM ranked_status WHERE rn <= 5;
