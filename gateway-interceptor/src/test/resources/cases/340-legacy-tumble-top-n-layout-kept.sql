-- expect: BLOCK unbounded-rank
-- expect-rewrite: window-top-n
-- The three least-viewed pages of each hour over a legacy group window, written over many lines with
-- comments, ASC order keys, an alias for each subquery and the window's end selected: the rewrite to the
-- TUMBLE window TVF changes only the FROM item, the window functions and the GROUP BY key, and adds the
-- window's end to the ranking's partition; every line break, comment and ASC stays as written
-- (RewriteGoldenFilesTest pins the text).
CREATE TABLE page_views (
  page STRING,
  user_id STRING,
  viewed_at TIMESTAMP(3),
  WATERMARK FOR viewed_at AS viewed_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

-- the three least-viewed pages of each hour
SELECT page, wstart, wend, cnt
FROM (
  SELECT page, wstart, wend, cnt,
         ROW_NUMBER() OVER (
           PARTITION BY wstart -- one ranking per hour
           ORDER BY cnt ASC, page ASC
         ) AS rn
  FROM (
    SELECT page,
           TUMBLE_START(viewed_at, INTERVAL '1' HOUR) AS wstart,
           TUMBLE_END(viewed_at, INTERVAL '1' HOUR) AS wend,
           COUNT(*) AS cnt -- views in the hour
    FROM page_views
    WHERE page <> ''
    GROUP BY TUMBLE(viewed_at, INTERVAL '1' HOUR),
             page
  ) AS hourly
) AS ranked
WHERE rn <= 3;
