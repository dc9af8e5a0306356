-- expect: BLOCK on-conflict-required
-- expect-fix: Key the sink by the query's key: declare it with PRIMARY KEY (user_id, category) NOT ENFORCED
-- expect-fix-absent: The query keeps one row per partition already
-- A Top-1 per order (its first row by arrival) under a GROUP BY user_id, category into a sink keyed by user_id:
-- Flink names the query's key [user_id, category], the aggregation's. Before: the fix named the Top-1's partition
-- (order_id) as the query's key.
CREATE TABLE order_lines (
  order_id BIGINT,
  user_id BIGINT,
  category STRING,
  qty INT
) WITH ('connector' = 'datagen');

CREATE TABLE items_per_user (
  user_id BIGINT,
  category STRING,
  items BIGINT,
  PRIMARY KEY (user_id) NOT ENFORCED
) WITH ('connector' = 'blackhole');

INSERT INTO items_per_user
SELECT user_id, category, SUM(qty) AS items
FROM (
  SELECT *, ROW_NUMBER() OVER (PARTITION BY order_id ORDER BY PROCTIME() ASC) AS rn FROM order_lines
) AS first_lines
WHERE rn = 1
GROUP BY user_id, category;
