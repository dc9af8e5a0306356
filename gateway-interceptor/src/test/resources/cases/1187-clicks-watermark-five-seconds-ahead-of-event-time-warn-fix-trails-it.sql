-- expect: WARN watermark-ahead-of-event-time
-- expect-fix: WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
-- A click stream whose watermark is written ahead of its event time, ts + INTERVAL '5' SECOND, where the author meant
-- 5 s of lateness (issue 30, outside SQL). Flink accepts the DDL on 2.3 and 1.20 (the strategy is any expression of the
-- row), and a TUMBLE over the table plans. But WatermarkAssignerOperator emits the largest strategy value seen, so after
-- a row at t the watermark is t + 5 s: a window fires 5 s before its end, and each row that then arrives for it is
-- dropped as late (AbstractSliceSyncStateWindowAggProcessor#processElement). Before: no finding.
CREATE TABLE clicks (
  user_id STRING,
  url STRING,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts + INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');
