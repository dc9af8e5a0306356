-- expect: BLOCK ttl-hint-ignored
-- expect-rewrite: hint-moved
-- A STATE_TTL hint naming the table a HOP window reads: the input of the query block is the table function's
-- result, named by its alias w, so Flink rejects 'clicks'; the fix names w (the table's name does not apply here).
CREATE TABLE clicks (
  page STRING,
  user_id STRING,
  clicked_at TIMESTAMP(3),
  WATERMARK FOR clicked_at AS clicked_at - INTERVAL '10' SECOND
) WITH ('connector' = 'datagen', 'fields.page.length' = '3');

CREATE TABLE hourly_clicks (
  window_end TIMESTAMP(3),
  page STRING,
  clicks BIGINT,
  PRIMARY KEY (window_end, page) NOT ENFORCED
) WITH ('connector' = 'blackhole');

insert into hourly_clicks
select /*+ STATE_TTL('clicks' = '1 d') */ w.window_end, w.page, count(*) as clicks
from table(
  hop(table clicks, descriptor(clicked_at), interval '10' minute, interval '1' hour)) as w
group by w.page, w.window_end;
