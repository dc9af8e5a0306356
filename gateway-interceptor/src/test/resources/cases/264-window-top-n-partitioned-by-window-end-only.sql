-- expect: BLOCK unbounded-rank window-rank-not-recognized
-- expect-rewrite: window-partition
-- Top-3 pages per 10-minute window partitioned by window_end alone, with no state TTL: a general Rank keyed by
-- window_end keeps every window's ranking forever. Partition by window_start, window_end (a WindowRank).
CREATE TABLE page_views (
  page STRING,
  user_id STRING,
  viewed_at TIMESTAMP(3),
  WATERMARK FOR viewed_at AS viewed_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '20', 'fields.page.length' = '2');

SELECT window_start, window_end, page, view_count
FROM (
  SELECT window_start, window_end, page, view_count,
         ROW_NUMBER() OVER (PARTITION BY window_end ORDER BY view_count DESC) AS rn
  FROM (
    SELECT window_start, window_end, page, COUNT(*) AS view_count
    FROM TABLE(TUMBLE(TABLE page_views, DESCRIPTOR(viewed_at), INTERVAL '10' MINUTE))
    GROUP BY window_start, window_end, page
  )
)
WHERE rn <= 3;
