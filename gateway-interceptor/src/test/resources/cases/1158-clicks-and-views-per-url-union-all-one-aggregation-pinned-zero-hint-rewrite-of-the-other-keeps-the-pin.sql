-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- Clicks and views per url, two aggregations under one UNION ALL: the user pins the clicks count with
-- STATE_TTL('clicks' = '0') on its SELECT, and the views count has no hint. Each aggregation is a finding of its own.
-- The views count's state-ttl-hint rewrite replaced the clicks count's '0' too (issue 30 §1): a hint on one block is
-- no reason to undo the user's hint on another. It now keeps the '0' and hints the views count alone (golden 1158).
CREATE TABLE clicks (user_id BIGINT, url STRING) WITH ('connector' = 'datagen');

CREATE TABLE page_views (user_id BIGINT, url STRING) WITH ('connector' = 'datagen');

SELECT /*+ STATE_TTL('clicks' = '0') */ url, 'click' AS kind, COUNT(*) AS n
FROM clicks
GROUP BY url
UNION ALL
SELECT url, 'view' AS kind, COUNT(*) AS n
FROM page_views
GROUP BY url;
