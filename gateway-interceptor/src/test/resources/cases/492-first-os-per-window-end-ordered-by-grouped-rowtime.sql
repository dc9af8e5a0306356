-- expect: BLOCK unbounded-rank dedup-not-recognized window-rank-not-recognized
-- expect-rewrite: window-partition
-- expect-fix: is a column of the window aggregation below this ranking
-- expect-fix-absent: WATERMARK FOR createTimestamp AS
-- A Top-1 per window_end over a 5-minute window aggregation that also groups by the source's rowtime column, as a
-- public SQL gateway's lineage notes write it. createTimestamp has a WATERMARK on the table, but a window
-- aggregation's result keeps a time attribute only in window_time (Flink docs, "Cascading Window Aggregation"):
-- grouped by, createTimestamp is a plain TIMESTAMP(3) above it, so Flink plans a Rank. Both fixes told the user to
-- "declare createTimestamp as event time (WATERMARK FOR createTimestamp AS ...)", which the table already does and
-- which changes nothing (issue 30 §3: findings true to the plan). The window Top-N stays the first rewrite.
CREATE TABLE user_center_ccu (
  uid STRING,
  os STRING,
  createTimestamp TIMESTAMP(3),
  WATERMARK FOR createTimestamp AS createTimestamp - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE user_ccu (batch_time STRING, os STRING, batch_value STRING) WITH ('connector' = 'blackhole');

insert into user_ccu(batch_time, os, batch_value) select t,os,num from (select cast(window_end as string) as t, os, cast(count(1) as string) as num, row_number() over (partition by window_end order by createTimestamp) as rownum from table(tumble(table user_center_ccu, DESCRIPTOR(createTimestamp),INTERVAL '5' MINUTE)) group by window_start,window_end,os,createTimestamp) where rownum=1;
