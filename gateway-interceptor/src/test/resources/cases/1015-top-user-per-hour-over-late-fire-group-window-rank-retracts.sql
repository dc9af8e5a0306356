-- expect: BLOCK unbounded-rank rank-retract
-- expect-reason: under late firing
-- expect-fix: RESET 'table.exec.emit.late-fire.enabled' before the statement
-- expect-fix-absent: table.exec.emit.early-fire.enabled
-- The same ranking over a group window that fires late (late-fire with an allowed lateness of 10 minutes, event time):
-- each late row updates its window's count after the window fired (Flink 2.3.0 WindowEmitStrategy#produceUpdates is
-- true for an event-time window with late firing), so the Rank reads updates and Flink plans it with RetractStrategy.
CREATE TABLE clicks (
  user_id STRING,
  url STRING,
  click_time TIMESTAMP(3),
  WATERMARK FOR click_time AS click_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.user_id.length' = '2');

SET 'table.exec.emit.late-fire.enabled' = 'true';
SET 'table.exec.emit.late-fire.delay' = '1 min';
SET 'table.exec.emit.allow-lateness' = '10 min';

SELECT hour_start, user_id, clicks FROM (
  SELECT hour_start, user_id, clicks,
         ROW_NUMBER() OVER (PARTITION BY hour_start ORDER BY clicks DESC) AS rn
  FROM (
    SELECT TUMBLE_START(click_time, INTERVAL '1' HOUR) AS hour_start, user_id, COUNT(*) AS clicks
    FROM clicks
    GROUP BY TUMBLE(click_time, INTERVAL '1' HOUR), user_id
  )
) WHERE rn = 1;
