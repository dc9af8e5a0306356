-- expect: BLOCK unbounded-rank proctime-top-n
-- expect-rewrite: window-top-n
-- The three latest clicks per user by processing time, over an aliased table with an event time (click_time). The
-- window-top-n rewrite ranks per TUMBLE window of click_time and orders by c.click_time DESC in place of c.pt DESC:
-- ordered by processing time, a WindowRank keeps the first rows to arrive (proctime-top-n), by event time its latest
-- rows. Its changes: says so (golden 777).
CREATE TABLE clicks (
  user_id STRING,
  url STRING,
  click_time TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR click_time AS click_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT user_id, url FROM (
  SELECT c.user_id, c.url, ROW_NUMBER() OVER (PARTITION BY c.user_id ORDER BY c.pt DESC) AS rn FROM clicks AS c)
WHERE rn <= 3;
