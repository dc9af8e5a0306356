-- Needs nothing but Flink itself: a bounded aggregation over datagen with a state TTL.
SET 'table.exec.state.ttl' = '1 d';

CREATE TEMPORARY TABLE page_views (url STRING, user_id STRING)
WITH ('connector' = 'datagen', 'number-of-rows' = '100', 'fields.url.length' = '3');

SELECT url, COUNT(*) AS view_count FROM page_views GROUP BY url;
