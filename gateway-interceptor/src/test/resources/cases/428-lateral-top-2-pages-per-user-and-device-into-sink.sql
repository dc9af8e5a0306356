-- expect: BLOCK unbounded-rank stateful-without-ttl
-- expect-rewrite: window-top-n
-- The two most viewed pages per user and device, picked with LATERAL (... ORDER BY view_count DESC, url LIMIT 2) over
-- the keys of the same WITH item (SELECT DISTINCT user_id, device FROM view_counts), written into a sink: the same
-- rows as a ROW_NUMBER Top-2 per user and device, which a window Top-N over a window aggregation of
-- TUMBLE(TABLE page_views, DESCRIPTOR(viewed_at), ...) bounds. The rewrite says the LATERAL is written as that
-- ROW_NUMBER, keeps both order columns and the sink's columns. (With one more condition in the LATERAL, views > 1,
-- Flink 2.3 rejects the statement: "unexpected correlate variable $cor0 in the plan".)
CREATE TABLE page_views (
  user_id BIGINT,
  device STRING,
  url STRING,
  viewed_at TIMESTAMP(3),
  WATERMARK FOR viewed_at AS viewed_at - INTERVAL '10' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.user_id.min' = '1', 'fields.user_id.max' = '50',
        'fields.device.length' = '1', 'fields.url.length' = '3');

CREATE TABLE top_pages (
  user_id BIGINT,
  device STRING,
  url STRING,
  view_count BIGINT
) WITH ('connector' = 'blackhole');

INSERT INTO top_pages
WITH view_counts AS (
  SELECT user_id, device, url, COUNT(*) AS view_count
  FROM page_views
  WHERE url IS NOT NULL
  GROUP BY user_id, device, url
)
SELECT k.user_id, k.device, p.url, p.view_count
FROM (SELECT DISTINCT user_id, device FROM view_counts) AS k,
     LATERAL (
       SELECT url, view_count
       FROM view_counts
       WHERE view_counts.user_id = k.user_id AND view_counts.device = k.device
       ORDER BY view_count DESC, url
       LIMIT 2
     ) AS p;
