-- expect: BLOCK planner-error
-- expect-fix: SESSION(TABLE page_views PARTITION BY (user_id, site), DESCRIPTOR(view_time), ...) with the same gap
-- The same refusal as case 856 in another shape: a session window aggregation into a sink, its keys two columns in the
-- second DESCRIPTOR. The fix moves both into the PARTITION BY of the table argument, in parentheses: written
-- PARTITION BY user_id, site, Flink 2.3.0 reads site as the next argument ("Column 'site' not found in any table";
-- linted, round 61).
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
FROM TABLE(SESSION(TABLE page_views, DESCRIPTOR(view_time), DESCRIPTOR(user_id, site), INTERVAL '30' MINUTE))
GROUP BY user_id, site, window_start, window_end;
