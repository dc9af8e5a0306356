-- expect: BLOCK unbounded-rank
-- expect-rewrite: session-state-ttl
-- expect-fix: SET 'table.exec.state.ttl' = '4 d'
-- The top 3 pages per category by their total over per-user counts, the per-user count hinted to keep a group 4 d.
-- The session-state-ttl rewrite's changes: line said "the aggregations forget a group idle that long as well" of
-- both aggregations, as if the SET reached them: the SET reaches the total (SUM(c) per category, page), while the
-- per-user count keeps the 4 d of its own STATE_TTL hint (the compiled plan's state TTL), which the SET does not
-- change. Golden file 656.
CREATE TABLE clicks (
  user_id BIGINT,
  category STRING,
  page STRING
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT category, page, total
FROM (
  SELECT category, page, total,
    ROW_NUMBER() OVER (PARTITION BY category ORDER BY total DESC) AS rn
  FROM (
    SELECT category, page, SUM(c) AS total
    FROM (
      SELECT /*+ STATE_TTL('clicks' = '4d') */ user_id, category, page, COUNT(*) AS c
      FROM clicks
      GROUP BY user_id, category, page)
    GROUP BY category, page))
WHERE rn <= 3;
