-- expect: WARN window-aggregate-not-recognized
-- expect-absent: ttl-hint-ignored, stateful-without-ttl
-- A STATE_TTL hint naming the alias of the HOP window the block reads (a table with a processing-time attribute,
-- no WATERMARK): Flink 2.3 matches the function's alias and gives the aggregation 1 d; Flink 1.20 matches no table
-- function's alias, watermark or not, and rejects the query (the fix there reads the function through a subquery).
CREATE TABLE page_hits (
  page STRING,
  hit_time AS PROCTIME()
) WITH ('connector' = 'datagen', 'fields.page.length' = '3');

select /*+ STATE_TTL('w' = '1 d') */ w.window_end, w.page, count(*) as hits
from table(hop(table page_hits, descriptor(hit_time), interval '10' minute, interval '1' hour)) as w
group by w.page, w.window_end;
