-- expect: BLOCK unbounded-rank window-aggregate-not-recognized
-- expect-rewrite: window-partition window-group
-- The most viewed page of each category over 10-minute TUMBLE counts grouped by window_start (not window_end): a Rank
-- partitioned by category over a GroupAggregate. window-group's rewrite makes the counts a window aggregation but the
-- ranking stays a Rank partitioned by category: its changes: line says it ranks every window's counts together per
-- category and keeps its rows, and that the SET before it is for that Rank, not for the window aggregation.
CREATE TABLE page_views (
  page STRING,
  category STRING,
  viewed_at TIMESTAMP(3),
  WATERMARK FOR viewed_at AS viewed_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.page.length' = '2', 'fields.category.length' = '1');

SELECT window_start, category, page, cnt FROM (
  SELECT window_start, category, page, cnt,
         ROW_NUMBER() OVER (PARTITION BY category ORDER BY cnt DESC) AS rn
  FROM (
    SELECT window_start, category, page, COUNT(*) AS cnt
    FROM TABLE(TUMBLE(TABLE page_views, DESCRIPTOR(viewed_at), INTERVAL '10' MINUTE))
    GROUP BY window_start, category, page
  )
) WHERE rn = 1;
