-- expect: BLOCK unbounded-rank
-- expect-rewrite: session-state-ttl
-- The two best-selling products per shop over all-time sums whose aggregation reads a subquery, pinned to keep its
-- state by a STATE_TTL hint keyed by the subquery's alias (STATE_TTL('s' = '0')), with no session TTL. The
-- session-state-ttl rewrite's changes: line said the sums "forget a group idle that long as well"; the rewrite's own
-- compiled plan gives the aggregation 0 ms under the SET, and the line now says the sums keep every group (golden 714).
CREATE TABLE sales (
  shop STRING,
  product STRING,
  amount DECIMAL(10, 2),
  refunded BOOLEAN
) WITH ('connector' = 'datagen');

SELECT shop, product, total
FROM (
  SELECT shop, product, total, ROW_NUMBER() OVER (PARTITION BY shop ORDER BY total DESC) AS rn
  FROM (
    SELECT /*+ STATE_TTL('s' = '0') */ shop, product, SUM(amount) AS total
    FROM (SELECT shop, product, amount FROM sales WHERE NOT refunded) s
    GROUP BY shop, product
  ) totals
)
WHERE rn <= 2;
