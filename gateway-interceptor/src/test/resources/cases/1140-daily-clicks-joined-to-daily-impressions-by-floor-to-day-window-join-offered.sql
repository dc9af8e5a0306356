-- expect: WARN stateful-without-ttl
-- expect-rewrite: window-join window-aggregate
-- expect-fix: Bound the join's state with a TTL longer than a row must wait for its match
-- Daily clicks per campaign joined to the same day's impressions per campaign, both bucketed by hand with FLOOR(... TO
-- DAY) and joined on the day and the campaign: a regular Join over two GroupAggregates, every day kept forever. Flink's
-- window join ("Window Join": both inputs windowed alike, the condition equating window_start and window_end) is the
-- structural fix of the join (issue 30 §2): each side a TUMBLE window aggregation of a day, selecting window_end too,
-- joined on both window columns. Asked of Flink 2.3.0 and 1.20: it plans as a WindowJoin over two window aggregations,
-- window_start renamed day_start as the query selects it (before: the join was offered the TTL alone, case 1102's shape).
-- The rule's fix is the TTL alone (it cannot see whether a window join plans); once proven, the window join goes first
-- in it ("Join per window, ...; or bound the join's state ...": the golden file).
CREATE TABLE clicks (
  campaign STRING,
  click_time TIMESTAMP(3),
  WATERMARK FOR click_time AS click_time - INTERVAL '10' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.campaign.length' = '2');

CREATE TABLE impressions (
  campaign STRING,
  shown_at TIMESTAMP(3),
  WATERMARK FOR shown_at AS shown_at - INTERVAL '10' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '50', 'fields.campaign.length' = '2');

SELECT c.day_start, c.campaign, c.clicks, i.shown
FROM (
  SELECT FLOOR(click_time TO DAY) AS day_start, campaign, COUNT(*) AS clicks
  FROM clicks
  GROUP BY FLOOR(click_time TO DAY), campaign
) c
JOIN (
  SELECT FLOOR(shown_at TO DAY) AS day_start, campaign, COUNT(*) AS shown
  FROM impressions
  GROUP BY FLOOR(shown_at TO DAY), campaign
) i ON c.campaign = i.campaign AND c.day_start = i.day_start;
