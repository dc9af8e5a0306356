-- expect: WARN interval-join-never-matches
-- expect-reason: emits no row at all
-- expect-reason: leftLowerBound=3600000, leftUpperBound=0
-- expect-fix: the smaller: c.click_ts >= i.impression_ts AND c.click_ts <= i.impression_ts + INTERVAL '1' HOUR (or
-- Clicks joined with the impression they follow, the two bounds in WHERE crossed (a click at least an hour after
-- the impression, and no later than it): an inner interval join that Flink runs without state and that emits
-- nothing. The fix writes the user's own two comparisons with their bounds exchanged.
CREATE TABLE clicks (
  ad_id STRING,
  click_ts TIMESTAMP(3),
  WATERMARK FOR click_ts AS click_ts - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE impressions (
  ad_id STRING,
  impression_ts TIMESTAMP(3),
  WATERMARK FOR impression_ts AS impression_ts - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT c.ad_id, c.click_ts, i.impression_ts
FROM clicks c, impressions i
WHERE c.ad_id = i.ad_id
  AND c.click_ts >= i.impression_ts + INTERVAL '1' HOUR
  AND c.click_ts <= i.impression_ts;
