-- expect: WARN interval-join-never-matches
-- expect-reason: whose c.event_time lies between i.event_time + INTERVAL '10' MINUTE (the lower bound) and i.event_time (the upper bound)
-- expect-reason-absent: whose event_time lies
-- Clicks within ten minutes after their impression, both tables' time named event_time, the BETWEEN's bounds
-- written the wrong way round. The reason named both columns unqualified ("event_time lies between event_time +
-- ..."), which reads as a column compared with itself; it now qualifies each by the name the statement gives its side.
CREATE TABLE clicks (
  ad_id STRING,
  event_time TIMESTAMP(3),
  WATERMARK FOR event_time AS event_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE impressions (
  ad_id STRING,
  event_time TIMESTAMP(3),
  WATERMARK FOR event_time AS event_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT c.ad_id, c.event_time
FROM clicks c JOIN impressions i
  ON c.ad_id = i.ad_id AND c.event_time BETWEEN i.event_time + INTERVAL '10' MINUTE AND i.event_time;
