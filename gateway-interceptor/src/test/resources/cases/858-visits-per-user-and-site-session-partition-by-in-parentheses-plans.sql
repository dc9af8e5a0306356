-- expect: OK
-- The statement case 857's fix writes: the session window partitioned by two keys in the table argument, PARTITION BY
-- (user_id, site). It plans (a window aggregation over SESSION windows: no finding), on each Flink line the guard
-- supports; without the parentheses Flink 2.3.0 reads site as the function's next argument.
CREATE TABLE page_views (
  user_id STRING,
  site STRING,
  url STRING,
  view_time TIMESTAMP(3),
  WATERMARK FOR view_time AS view_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE visits (
  user_id STRING,
  site STRING,
  visit_start TIMESTAMP(3),
  visit_end TIMESTAMP(3),
  view_count BIGINT
) WITH ('connector' = 'blackhole');

INSERT INTO visits
SELECT user_id, site, window_start, window_end, COUNT(*)
FROM TABLE(SESSION(TABLE page_views PARTITION BY (user_id, site), DESCRIPTOR(view_time), INTERVAL '30' MINUTE))
GROUP BY user_id, site, window_start, window_end;
