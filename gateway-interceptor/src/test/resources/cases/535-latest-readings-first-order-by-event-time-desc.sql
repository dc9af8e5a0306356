-- expect: BLOCK sort-non-time
-- expect-reason: This ORDER BY starts with read_time DESC, descending
-- expect-reason-absent: ordinary column
-- expect-fix: where read_time is a time attribute, sort by it ascending
-- expect-fix: ORDER BY read_time DESC LIMIT n
-- The latest readings first: ORDER BY the event-time attribute DESC. Flink's streaming sort takes a first key that is
-- a time attribute in ascending order only (StreamPhysicalTemporalSortRule#canConvertToTemporalSort) and answers
-- "Sort on a non-time-attribute field is not supported." for this too; the reason called read_time "an ordinary
-- column". It now says the order is what Flink refuses, and the fix names ASC or a Top-N for "latest first".
CREATE TABLE readings (
  sensor STRING,
  reading DOUBLE,
  read_time TIMESTAMP(3),
  WATERMARK FOR read_time AS read_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT sensor, reading, read_time FROM readings ORDER BY read_time DESC;
