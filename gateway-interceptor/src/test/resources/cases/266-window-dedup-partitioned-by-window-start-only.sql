-- expect: WARN window-rank-not-recognized
-- expect-rewrite: window-partition
-- The last view of each page per 10-minute window, partitioned by window_start and page without window_end:
-- Flink plans a general Deduplicate keyed by page and window_start, not a WindowDeduplicate.
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
         ROW_NUMBER() OVER (PARTITION BY window_start, page ORDER BY viewed_at DESC) AS rn
  FROM TABLE(TUMBLE(TABLE page_views, DESCRIPTOR(viewed_at), INTERVAL '10' MINUTE))
)
WHERE rn = 1;
