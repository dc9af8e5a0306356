-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- The total of the per-user click counts of each page (SUM over a per-key COUNT): the inner aggregation keeps a count
-- per (page, user), the outer one a sum per page, fed by the inner one's updates. Under a TTL a (page, user) that
-- expires and returns starts its count again at 1 and is emitted as a new row with no retraction of its old count:
-- the page's total keeps the old count too and never takes it back, so it drifts above the clicks it counts. The TTL
-- rewrite's changes: line says so (the shape of case 566 with a SUM above a COUNT).
CREATE TABLE clicks (
  page STRING,
  user_id STRING
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT page, SUM(clicks) AS total_clicks
FROM (SELECT page, user_id, COUNT(*) AS clicks FROM clicks GROUP BY page, user_id)
GROUP BY page;
