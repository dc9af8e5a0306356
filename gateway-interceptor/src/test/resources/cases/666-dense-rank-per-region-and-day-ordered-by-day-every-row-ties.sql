-- expect: BLOCK rank-function-unsupported
-- expect-rewrite: tied-ranking-dropped row-number
-- expect-fix: Every row of a partition ties in ORDER BY o.order_day DESC (one value within PARTITION BY o.region, o.order_day): DENSE_RANK() numbers every row 1
-- expect-fix-absent: add a tiebreaker column
-- The top three orders per region and day with DENSE_RANK(), ordered by the day the PARTITION BY already fixes
-- (the amount forgotten): every order of a region's day ranks 1 and all are kept. The row-number rewrite keeps three
-- of them, any three; its changes: now says so (golden 666). Its fix names the ORDER BY, not a tiebreaker, as what
-- is missing (round 56).
CREATE TABLE orders (
  order_id STRING,
  region STRING,
  order_day DATE,
  amount DECIMAL(10, 2)
) WITH ('connector' = 'datagen');

SET 'table.exec.state.ttl' = '1 d';

SELECT region, order_day, order_id, amount FROM (
  SELECT o.*, DENSE_RANK() OVER (PARTITION BY o.region, o.order_day ORDER BY o.order_day DESC) AS r FROM orders AS o)
WHERE r <= 3;
