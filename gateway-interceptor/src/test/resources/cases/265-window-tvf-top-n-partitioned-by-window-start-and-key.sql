-- expect: WARN window-rank-not-recognized
-- expect-absent: unbounded-rank
-- expect-rewrite: window-partition
-- Top-3 users per page and 10-minute window, straight over the window TVF, partitioned by window_start and page
-- (no window_end): a general Rank, kept 1 h by the TTL. PARTITION BY window_start, window_end, page is the
-- window Top-N.
SET 'table.exec.state.ttl' = '1 h';

CREATE TABLE page_views (
  page STRING,
  user_id STRING,
  viewed_at TIMESTAMP(3),
  WATERMARK FOR viewed_at AS viewed_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '20', 'fields.page.length' = '2');

SELECT window_start, window_end, page, user_id
FROM (
  SELECT window_start, window_end, page, user_id,
         ROW_NUMBER() OVER (PARTITION BY t.window_start, page ORDER BY user_id DESC) AS rn
  FROM TABLE(TUMBLE(TABLE page_views, DESCRIPTOR(viewed_at), INTERVAL '10' MINUTE)) t
)
WHERE rn <= 3;
