-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- Clicks and views per url under one UNION ALL, each aggregation pinned by its own STATE_TTL('<table>' = '0'). Each
-- finding is about its own pin: the clicks count's state-ttl-hint rewrite replaced the views count's '0' too (issue 30
-- §1: where the finding's own operator is pinned, the pins of the other SELECTs were replaced all the same). Which
-- SELECT's hint reaches which GroupAggregate is Flink's answer (a marker TTL per SELECT, read back from the compiled
-- plan); each rewrite now changes its own SELECT's pin alone (golden 1160).
CREATE TABLE clicks (user_id BIGINT, url STRING) WITH ('connector' = 'datagen');

CREATE TABLE page_views (user_id BIGINT, url STRING) WITH ('connector' = 'datagen');

SELECT /*+ STATE_TTL('clicks' = '0') */ url, 'click' AS kind, COUNT(*) AS n
FROM clicks
GROUP BY url
UNION ALL
SELECT /*+ STATE_TTL('page_views' = '0') */ url, 'view' AS kind, COUNT(*) AS n
FROM page_views
GROUP BY url;
