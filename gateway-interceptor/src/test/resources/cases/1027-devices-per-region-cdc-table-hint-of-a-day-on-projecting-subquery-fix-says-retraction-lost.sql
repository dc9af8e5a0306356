-- expect: WARN ttl-hint-ignored
-- expect-fix: either way, give the aggregation a TTL longer than a value of COUNT(DISTINCT device_id) goes unseen by its key (region)
-- expect-fix: and its retraction is lost
-- Distinct devices per region over a CDC table (debezium-json: an updating input: each row of a device rewrites its entry),
-- the STATE_TTL hint ('1 d') on a subquery that only projects: Flink ignores it. The fix proposed '1 d' for the job
-- and said nothing of what a TTL does to COUNT(DISTINCT device_id) over updates: a device unseen for the TTL
-- expires, is counted again when it returns, and its retraction finds nothing.
CREATE TABLE devices (
  device_id STRING,
  region STRING,
  status STRING
) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-1027',
  'format' = 'debezium-json',
  'source.monitor-interval' = '1 min'
);

SELECT region, COUNT(DISTINCT device_id) AS devices
FROM (
  SELECT /*+ STATE_TTL('devices' = '1 d') */ region, device_id
  FROM devices
  WHERE status = 'on'
)
GROUP BY region;
