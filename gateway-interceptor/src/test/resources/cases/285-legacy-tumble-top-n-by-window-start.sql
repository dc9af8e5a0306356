-- expect: BLOCK unbounded-rank
-- expect-rewrite: window-top-n
-- The top three pages per hour over a legacy group window (GROUP BY TUMBLE(viewed_at, INTERVAL '1' HOUR),
-- a GroupWindowAggregate) ranked by the window's start alone: Flink plans a plain Rank keyed by the start,
-- kept forever. The rewrite writes the aggregation as the TUMBLE window TVF of the same hour (TUMBLE_START
-- becomes window_start under its alias, window_end is added) and partitions the ranking by both: a WindowRank.
CREATE TABLE page_views (
  page STRING,
  user_id STRING,
  viewed_at TIMESTAMP(3),
  WATERMARK FOR viewed_at AS viewed_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT page, wstart, cnt
FROM (
  SELECT page, wstart, cnt,
         ROW_NUMBER() OVER (PARTITION BY wstart ORDER BY cnt DESC) AS rn
  FROM (
    SELECT page, TUMBLE_START(viewed_at, INTERVAL '1' HOUR) AS wstart, COUNT(*) AS cnt
    FROM page_views
    GROUP BY page, TUMBLE(viewed_at, INTERVAL '1' HOUR)
  )
)
WHERE rn <= 3;
