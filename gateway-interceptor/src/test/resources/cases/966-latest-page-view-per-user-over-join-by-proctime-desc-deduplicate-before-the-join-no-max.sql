-- expect: BLOCK unbounded-rank
-- expect-fix: Deduplicate where pt is still a processing-time attribute: Join[
-- expect-fix: ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY pt DESC) with rn = 1 in a query over page_views, before Join[
-- expect-fix-absent: MAX(pt)
-- expect-fix-absent: in place of pt
-- The latest page view per user, ranked by its PROCTIME() column over an inner join with users: the join makes pt a
-- plain value (PROCTIME_MATERIALIZE in the Calc of its input), so Flink plans the Top-1 as a Rank, not a Deduplicate.
-- The structural fix is the Deduplicate where pt is still a processing-time attribute, over page_views before the join.
-- Before: unbounded-rank offered "GROUP BY user_id with MAX(pt)" (the arrival time of a user's last view: nobody ranks
-- for it), and both it and dedup-not-recognized told the user to "order by a PROCTIME() column in place of pt", which
-- is one.
CREATE TABLE page_views (
  user_id BIGINT,
  url STRING,
  pt AS PROCTIME()
) WITH ('connector' = 'datagen');

CREATE TABLE users (
  user_id BIGINT,
  name STRING
) WITH ('connector' = 'datagen');

SELECT user_id, name, url
FROM (
  SELECT v.user_id, u.name, v.url,
    ROW_NUMBER() OVER (PARTITION BY v.user_id ORDER BY v.pt DESC) AS rn
  FROM page_views AS v
  JOIN users AS u ON v.user_id = u.user_id)
WHERE rn = 1;
