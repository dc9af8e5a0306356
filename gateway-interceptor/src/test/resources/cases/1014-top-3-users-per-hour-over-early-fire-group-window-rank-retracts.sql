-- expect: BLOCK unbounded-rank rank-retract
-- expect-reason: under early firing
-- expect-fix: RESET 'table.exec.emit.early-fire.enabled' before the statement
-- expect-fix: plans a window Top-N (WindowRank), after RESET 'table.exec.emit.early-fire.enabled'
-- expect-fix-absent: Rank an append-only input (for example a windowed aggregate
-- The three users with most clicks in each hour, ranked over a legacy GROUP BY TUMBLE(...) with early firing on. The
-- group window then updates each window's count (changelogMode=[I,UB,UA] in Flink 2.3.0's EXPLAIN CHANGELOG_MODE), so
-- Flink plans the Rank with RetractStrategy, where without early firing it plans AppendFastStrategy over the window's
-- inserts: rank-retract names the firing and turns it off, and unbounded-rank's window Top-N resets it first (Flink
-- refuses a window TVF aggregation under early firing, case 554).
CREATE TABLE clicks (
  user_id STRING,
  url STRING,
  click_time TIMESTAMP(3),
  WATERMARK FOR click_time AS click_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.user_id.length' = '2');

SET 'table.exec.emit.early-fire.enabled' = 'true';
SET 'table.exec.emit.early-fire.delay' = '1 min';

SELECT hour_start, user_id, clicks FROM (
  SELECT hour_start, user_id, clicks,
         ROW_NUMBER() OVER (PARTITION BY hour_start ORDER BY clicks DESC) AS rn
  FROM (
    SELECT TUMBLE_START(click_time, INTERVAL '1' HOUR) AS hour_start, user_id, COUNT(*) AS clicks
    FROM clicks
    GROUP BY TUMBLE(click_time, INTERVAL '1' HOUR), user_id
  )
) WHERE rn <= 3;
