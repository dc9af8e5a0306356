-- expect: WARN stateful-without-ttl window-aggregate-not-recognized
-- expect-rewrite: window-group
-- Clicks per page per hour, sliding every ten minutes (HOP), grouped by window_end alone and written into an
-- upsert sink: a plain GroupAggregate keyed by window_end and page, kept after the hour ends, and windows sharing
-- a window_end counted together. Group by window_start, window_end.
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
select w.window_end, w.page, count(*) as clicks
from table(
  hop(table clicks, descriptor(clicked_at), interval '10' minute, interval '1' hour)) as w
group by w.page, w.window_end;
