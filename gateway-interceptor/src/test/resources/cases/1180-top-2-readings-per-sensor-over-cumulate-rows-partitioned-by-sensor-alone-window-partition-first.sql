-- expect: BLOCK unbounded-rank
-- expect-rewrite: window-partition
-- expect-fix: PARTITION BY window_start, window_end, sensor_id
-- The two highest readings per sensor, ranked over the rows of a CUMULATE window TVF but partitioned by the sensor
-- alone: Flink plans a general Rank over the WindowTableFunction, which ranks the rows of every window so far together
-- and keeps every sensor's ranking. The kind read in myfjdthink/flink-playground (round 70), a TUMBLE's rows ranked per
-- transaction in a WITH item; before, the fix named the window Top-N but the first rewrite was the session TTL. With
-- window_start and window_end in front of the PARTITION BY, Flink plans a window Top-N that follows the window TVF,
-- each day's windows ranked on their own.
CREATE TABLE readings (
  sensor_id STRING,
  reading DOUBLE,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT sensor_id, reading, window_start, window_end
FROM (
  SELECT sensor_id, reading, window_start, window_end,
         ROW_NUMBER() OVER (PARTITION BY sensor_id ORDER BY reading DESC) AS rn
  FROM TABLE(CUMULATE(TABLE readings, DESCRIPTOR(ts), INTERVAL '1' HOUR, INTERVAL '1' DAY))
)
WHERE rn <= 2;
