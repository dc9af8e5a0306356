-- expect: BLOCK unbounded-rank
-- expect-rewrite: window-partition session-state-ttl
-- The five most viewed pages per category over hourly view counts (a TUMBLE window aggregation in a WITH clause),
-- ranked with ROW_NUMBER() OVER (PARTITION BY category ...): the partition lacks window_start and window_end, so
-- Flink plans a Rank over the rows of every hour so far, never freed (case 470's kind, Flink's WindowRankTest
-- shape). The first rewrite puts both window columns in front of the partition, and Flink plans a WindowRank over
-- the same hours; its changes: line says that the ranking becomes one per hour (issue 30 §2: the structural fix
-- first, where the planner proves it).
CREATE TABLE page_views (
  page STRING,
  category STRING,
  view_time TIMESTAMP(3),
  WATERMARK FOR view_time AS view_time - INTERVAL '10' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE top_pages (
  window_start TIMESTAMP(3),
  window_end TIMESTAMP(3),
  category STRING,
  page STRING,
  view_count BIGINT
) WITH ('connector' = 'blackhole');

INSERT INTO top_pages
WITH hourly AS (
  SELECT window_start, window_end, category, page, COUNT(*) AS view_count
  FROM TABLE(TUMBLE(TABLE page_views, DESCRIPTOR(view_time), INTERVAL '1' HOUR))
  GROUP BY window_start, window_end, category, page
)
SELECT window_start, window_end, category, page, view_count
FROM (
  SELECT *,
         ROW_NUMBER() OVER (PARTITION BY category ORDER BY view_count DESC) AS rn
  FROM hourly
)
WHERE rn <= 5;
