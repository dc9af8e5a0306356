-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- Issue 30, "splice only what changes": an INSERT of a UNION ALL of two aggregating blocks, each over its own
-- table. The state-ttl-hint rewrite hints each block after its SELECT; the INSERT, the UNION ALL and the comments
-- between them stay as written.
CREATE TABLE web_clicks (
  user_id STRING,
  url STRING
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.user_id.length' = '2');

CREATE TABLE app_clicks (
  user_id STRING,
  screen STRING
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.user_id.length' = '2');

CREATE TABLE clicks_per_channel (
  channel STRING,
  user_id STRING,
  clicks BIGINT
) WITH ('connector' = 'blackhole');

INSERT INTO clicks_per_channel
-- the web
SELECT 'web' AS channel, user_id, COUNT(*) AS clicks
FROM web_clicks
GROUP BY user_id
UNION ALL
-- the app
SELECT 'app' AS channel, user_id, COUNT(*) AS clicks
FROM app_clicks
GROUP BY user_id;
