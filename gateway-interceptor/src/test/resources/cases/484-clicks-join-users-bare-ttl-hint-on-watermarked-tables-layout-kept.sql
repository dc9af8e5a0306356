-- expect: BLOCK ttl-too-short ttl-bare-number
-- expect-rewrite: ttl-unit
-- Clicks joined with their user, both tables with a WATERMARK, under STATE_TTL('c' = '12', 'u' = '12'): Flink
-- reads '12' as 12 ms. On Flink 2.3 the hint applies (BLOCK ttl-too-short) and ttl-unit writes '12 h'. On Flink
-- 1.20, which matches no STATE_TTL hint to a table with a WATERMARK, Flink refuses it (BLOCK ttl-hint-ignored):
-- one rewrite must carry both changes, the unit and the tables read through subqueries of their aliases, and both
-- hint-moved and ttl-unit write it, each change at its own place and the lines as written (shared case 25 on 1.20
-- in another shape; before, each rewrite wrote one change and did not plan, and the Splicer wrote the block anew).
CREATE TABLE clicks (
  user_id STRING,
  url STRING,
  click_time TIMESTAMP(3),
  WATERMARK FOR click_time AS click_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE users (
  user_id STRING,
  region STRING,
  signup_time TIMESTAMP(3),
  WATERMARK FOR signup_time AS signup_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

-- clicks with the region of their user
SELECT /*+ STATE_TTL('c' = '12', 'u' = '12') */
       c.user_id,
       u.region,
       c.url
FROM clicks AS c
INNER JOIN users AS u
  ON c.user_id = u.user_id;
