-- expect: BLOCK unbounded-rank proctime-top-n
-- expect-reason: This Top-2 ordered by arrived DESC reads as the latest 2 rows to arrive per page
-- The processing time is a subquery's PROCTIME() column (arrived), and the Top-N is written into a sink: the same Rank,
-- the same first two clicks per page.
CREATE TABLE clicks (user_id STRING, page STRING) WITH ('connector' = 'datagen');

CREATE TABLE latest_clicks (page STRING, user_id STRING) WITH ('connector' = 'blackhole');

INSERT INTO latest_clicks
SELECT page, user_id FROM (
  SELECT page, user_id, ROW_NUMBER() OVER (PARTITION BY page ORDER BY arrived DESC) AS rn
  FROM (SELECT page, user_id, PROCTIME() AS arrived FROM clicks))
WHERE rn <= 2;
