-- expect: BLOCK unbounded-rank
-- expect-fix: Order by a PROCTIME() column in place of ts (ts is the wall clock when the row is read, CURRENT_TIMESTAMP(), which is no time attribute; a column AS PROCTIME() in events's DDL is that time as one), so that Flink plans this Top-1 as a Deduplicate
-- expect-fix-absent: WATERMARK FOR
-- The first event per user ordered by a computed column ts AS CURRENT_TIMESTAMP (flink-study's Top-N over a
-- CURRENT_TIMESTAMP column): a TIMESTAMP(3) that is no time attribute, so Flink plans a Rank that keeps a row per user
-- forever. unbounded-rank's fix offered a WATERMARK on ts first, and dedup-not-recognized's a computed column
-- CAST(CURRENT_TIMESTAMP() ...) with a watermark; a watermark on the time a row is read is not event time, and
-- what the user means is the order of arrival: a PROCTIME() column, on which Flink plans the Top-1 as a
-- Deduplicate (Flink plans a Deduplicate only when ordered by a time attribute).
CREATE TABLE events (
  user_id BIGINT,
  page STRING,
  ts AS CURRENT_TIMESTAMP
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT user_id, page
FROM (
  SELECT user_id, page,
    ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY ts) AS rn
  FROM events)
WHERE rn = 1;
