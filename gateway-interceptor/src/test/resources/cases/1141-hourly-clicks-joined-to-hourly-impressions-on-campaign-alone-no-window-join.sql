-- expect: WARN stateful-without-ttl
-- expect-rewrite: window-aggregate
-- expect-fix-absent: Join per window
-- Hourly clicks per campaign joined to hourly impressions per campaign on the campaign alone: each hour of one side
-- meets every hour of the other, a pairing no window join keeps (Flink's window join pairs rows of one window only).
-- The join is offered no window join; each aggregation keeps its own window-aggregate rewrite (case 1140 joins on the
-- hour too and is offered the window join).
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

SELECT c.hr, c.campaign, c.clicks, i.hr AS shown_hr, i.shown
FROM (
  SELECT FLOOR(click_time TO HOUR) AS hr, campaign, COUNT(*) AS clicks
  FROM clicks
  GROUP BY FLOOR(click_time TO HOUR), campaign
) c
JOIN (
  SELECT FLOOR(shown_at TO HOUR) AS hr, campaign, COUNT(*) AS shown
  FROM impressions
  GROUP BY FLOOR(shown_at TO HOUR), campaign
) i ON c.campaign = i.campaign;
