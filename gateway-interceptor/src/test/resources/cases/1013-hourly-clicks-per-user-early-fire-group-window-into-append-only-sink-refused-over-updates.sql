-- expect: BLOCK updates-into-append-only
-- expect-reason: under early firing
-- expect-fix: RESET 'table.exec.emit.early-fire.enabled' before the statement
-- expect-fix: PRIMARY KEY on the window's start (or end) and user_id
-- Clicks per user and hour from a legacy GROUP BY TUMBLE(...) with early firing on, written into a filesystem table.
-- Early firing makes the group window emit each window's count so far and update it (Flink 2.3.0
-- FlinkChangelogModeInferenceProgram: a group window aggregate whose WindowEmitStrategy#produceUpdates adds UPDATE;
-- EXPLAIN CHANGELOG_MODE prints changelogMode=[I,UB,UA] on the GroupWindowAggregate), which an append-only sink cannot
-- take: Flink refuses the INSERT, naming the GroupWindowAggregate. The fix turns early firing off first (each window's
-- count is then one insert at the window's end), where it offered only a sink that takes updates.
CREATE TABLE clicks (
  user_id STRING,
  url STRING,
  click_time TIMESTAMP(3),
  WATERMARK FOR click_time AS click_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.user_id.length' = '2');

CREATE TABLE clicks_per_hour (
  hour_start TIMESTAMP(3),
  user_id STRING,
  clicks BIGINT
) WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-1013', 'format' = 'csv');

SET 'table.exec.emit.early-fire.enabled' = 'true';
SET 'table.exec.emit.early-fire.delay' = '1 min';

INSERT INTO clicks_per_hour
SELECT TUMBLE_START(click_time, INTERVAL '1' HOUR) AS hour_start, user_id, COUNT(*) AS clicks
FROM clicks
GROUP BY TUMBLE(click_time, INTERVAL '1' HOUR), user_id;
