-- expect: BLOCK unbounded-rank
-- expect-rewrite: window-top-n
-- A legacy sliding window (GROUP BY HOP(viewed_at, INTERVAL '5' MINUTE, INTERVAL '1' HOUR)), its top page per
-- window written into a sink: the rewrite is the HOP window TVF with the same slide and size, and a window
-- Top-N partitioned by the window's start and end.
CREATE TABLE page_views (
  page STRING,
  user_id STRING,
  viewed_at TIMESTAMP(3),
  WATERMARK FOR viewed_at AS viewed_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE top_pages (
  page STRING,
  wend TIMESTAMP(3),
  cnt BIGINT
) WITH ('connector' = 'blackhole');

INSERT INTO top_pages
SELECT page, wend, cnt
FROM (
  SELECT page, wend, cnt,
         ROW_NUMBER() OVER (PARTITION BY wend ORDER BY cnt DESC) AS rn
  FROM (
    SELECT page, HOP_END(viewed_at, INTERVAL '5' MINUTE, INTERVAL '1' HOUR) AS wend, COUNT(*) AS cnt
    FROM page_views
    GROUP BY page, HOP(viewed_at, INTERVAL '5' MINUTE, INTERVAL '1' HOUR)
  )
)
WHERE rn <= 1;
