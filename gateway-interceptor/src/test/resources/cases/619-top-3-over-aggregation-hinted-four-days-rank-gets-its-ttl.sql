-- expect: BLOCK unbounded-rank
-- expect-fix: SET 'table.exec.state.ttl' = '4 d'
-- expect-fix-absent: SET 'table.exec.state.ttl' = '1 d'
-- The top 3 pages per category by all-time clicks, the count hinted to keep a page 4 d: the Rank over it has no
-- TTL. A session TTL of 1 d would let the Rank forget a category whose counts the aggregation still keeps, and rank
-- the next count of a page as new; the fix and the rewrite give the Rank the aggregation's 4 d (the compiled plan's
-- groupAggregateState TTL, not the hint's text).
CREATE TABLE clicks (
  category STRING,
  page STRING
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT category, page, cnt
FROM (
  SELECT category, page, cnt,
    ROW_NUMBER() OVER (PARTITION BY category ORDER BY cnt DESC) AS rn
  FROM (
    SELECT /*+ STATE_TTL('clicks' = '4d') */ category, page, COUNT(*) AS cnt
    FROM clicks
    GROUP BY category, page))
WHERE rn <= 3;
