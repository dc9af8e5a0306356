-- expect: BLOCK unbounded-rank stateful-without-ttl
-- expect-absent: rank-retract
-- expect-rewrite: window-top-n
-- The three most viewed pages per category since the start: the Top-N reads an all-time COUNT per page. Its
-- window-top-n rewrite windows that aggregation too (a count per 5 min window), so its changes: line says that the
-- ranking then ranks per-window counts, not all-time ones; the Top-N's own ranking per window is not all it changes.
CREATE TABLE page_views (
  page STRING,
  category STRING,
  viewer STRING,
  viewed_at TIMESTAMP(3),
  WATERMARK FOR viewed_at AS viewed_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.page.length' = '2',
        'fields.category.length' = '1');

SELECT category, page, view_count
FROM (
  SELECT category, page, view_count,
         ROW_NUMBER() OVER (PARTITION BY category ORDER BY view_count DESC) AS rn
  FROM (
    SELECT category, page, COUNT(*) AS view_count
    FROM page_views
    GROUP BY category, page
  )
)
WHERE rn <= 3;
