-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- Clicks joined with a campaigns table that is seldom updated, by a regular LEFT JOIN (no time attribute on
-- either side). Flink keeps each row of a join input as its own state entry whose TTL is renewed only when the
-- row is written, never when a match reads it (StateConfigUtil#createTtlConfig: OnCreateAndWrite;
-- JoinRecordStateViews): under a 1 d TTL a campaign row read by every click still expires a day after it was
-- stored, and the clicks after that find no campaign. The state-ttl-hint rewrite's changes: line says so, where
-- it said that "an idle key's rows are forgotten" (a key that every click reads is not idle).
CREATE TABLE clicks (
  click_id STRING,
  campaign_id STRING,
  cost DOUBLE
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE campaigns (
  campaign_id STRING,
  name STRING,
  budget DOUBLE
) WITH ('connector' = 'datagen', 'rows-per-second' = '1');

SELECT c.click_id, c.cost, k.name
FROM clicks AS c
LEFT JOIN campaigns AS k
  ON c.campaign_id = k.campaign_id
WHERE c.cost > 0;
