-- expect: BLOCK unbounded-rank dedup-not-recognized
-- expect-rewrite: time-attribute-order
-- expect-fix: Order by the table's event-time column, the one computed as TO_TIMESTAMP_LTZ(event_time, 0), in place of event_time DESC
-- The latest event per event_id, ranked by event_time, the BIGINT epoch seconds from which the table computes its event
-- time (event_ts AS TO_TIMESTAMP_LTZ(event_time, 0), WATERMARK FOR event_ts), as public jobs write it
-- (sandwichlab-ai/flink-sql, lint case 61). event_time orders rows as event_ts does, but it is no time attribute, so
-- Flink plans a Rank (RankUtil#canConvertToDeduplicate). Ordered by event_ts the same query is a Deduplicate on event
-- time. Before: dedup-not-recognized read TIMESTAMP orderings only, and no time-attribute rewrite was offered.
CREATE TABLE raw_events (
  event_id STRING,
  event_type STRING,
  user_id STRING,
  event_time BIGINT,
  event_ts AS TO_TIMESTAMP_LTZ(event_time, 0),
  WATERMARK FOR event_ts AS event_ts - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT event_id, event_type, user_id, event_time
FROM (
  SELECT event_id, event_type, user_id, event_time,
    ROW_NUMBER() OVER (PARTITION BY event_id ORDER BY event_time DESC) AS row_num
  FROM raw_events
) AS deduped
WHERE row_num = 1;
