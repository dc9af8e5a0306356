-- expect: BLOCK planner-error
-- expect-fix: apply to legacy group windows (GROUP BY TUMBLE(...)) only
-- expect-fix: RESET 'table.exec.emit.early-fire.enabled'
-- expect-fix: aggregate over a CUMULATE window in place of the TUMBLE or HOP
-- Early firing turned on for a 15-minute TUMBLE written as a window TVF (Flink's
-- WindowAggregateTest#testUnsupportedException_EarlyFire): Flink 2.3.0 refuses it ("Currently, window table function
-- based aggregate doesn't support early-fire and late-fire configuration ...", WindowUtil#checkEmitConfiguration).
-- The options serve the legacy GROUP BY TUMBLE(...) only; a CUMULATE window gives results before the window closes.
CREATE TABLE sensor_readings (
  sensor_id STRING,
  reading DOUBLE,
  read_time TIMESTAMP(3),
  WATERMARK FOR read_time AS read_time - INTERVAL '1' SECOND
) WITH ('connector' = 'datagen');

SET 'table.exec.emit.early-fire.enabled' = 'true';
SET 'table.exec.emit.early-fire.delay' = '5 s';

SELECT sensor_id, window_start, window_end, AVG(reading) AS avg_reading
FROM TABLE(TUMBLE(TABLE sensor_readings, DESCRIPTOR(read_time), INTERVAL '15' MINUTE))
GROUP BY sensor_id, window_start, window_end;
