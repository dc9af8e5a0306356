-- expect: WARN stateful-without-ttl
-- expect-fix: or for this aggregation alone /*+ STATE_TTL('mobile' = '1 d') */ on its SELECT
-- expect-fix-absent: STATE_TTL('app_events' = '1 d')
-- Events per device over two subqueries (a projection, then a filter over it): the aggregating SELECT reads the
-- outer subquery, mobile. Before, the fix hinted app_events, which only the innermost SELECT reads.
CREATE TABLE app_events (
  device_id STRING,
  platform STRING,
  event_type STRING,
  payload STRING
) WITH ('connector' = 'datagen');

SELECT device_id, COUNT(*) AS events
FROM (
  SELECT device_id, event_type
  FROM (
    SELECT device_id, LOWER(platform) AS platform, event_type
    FROM app_events
  ) AS normalized
  WHERE platform IN ('ios', 'android')
) AS mobile
GROUP BY device_id;
