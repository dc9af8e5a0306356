-- expect: BLOCK unbounded-rank proctime-top-n
-- expect-reason: This Top-2 ordered by read_at DESC reads as the latest 2 rows to arrive per sensor_id
-- expect-reason: (partitioned by sensor_id, ordered by read_at DESC)
-- expect-fix: ROW_NUMBER() OVER (PARTITION BY sensor_id ORDER BY read_at DESC) = 1
-- The latest two readings per sensor by processing time, ranked in a view (read_at AS PROCTIME(), not selected) and
-- filtered in a second view over it, which the statement reads. The ranking is two views down: its order is named
-- read_at, as the ranking view writes it, not PROCTIME().
CREATE TABLE readings (sensor_id STRING, reading DOUBLE, read_at AS PROCTIME()) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW ranked_readings AS
SELECT sensor_id, reading, ROW_NUMBER() OVER (PARTITION BY sensor_id ORDER BY read_at DESC) AS rn FROM readings;

CREATE TEMPORARY VIEW latest_readings AS
SELECT sensor_id, reading FROM ranked_readings WHERE rn <= 2;

SELECT sensor_id, reading FROM latest_readings;
