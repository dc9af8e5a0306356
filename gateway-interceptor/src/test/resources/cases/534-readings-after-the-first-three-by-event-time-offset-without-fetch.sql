-- expect: BLOCK offset-without-fetch
-- expect-fix: LIMIT n before the OFFSET
-- expect-rewrite: bounded-sort
-- Every reading after the first three in event-time order: ORDER BY the event-time attribute OFFSET 3 ROWS. A sort
-- on the time attribute alone runs, but with an OFFSET Flink plans a ranking of the whole stream and refuses it
-- without FETCH ("FETCH is missed, ...").
CREATE TABLE readings (
  sensor STRING,
  reading DOUBLE,
  read_time TIMESTAMP(3),
  WATERMARK FOR read_time AS read_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT sensor, reading, read_time FROM readings ORDER BY read_time OFFSET 3 ROWS;
