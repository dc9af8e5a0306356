-- expect: BLOCK rank-function-unsupported
-- expect-fix: Every row of a partition ties in ORDER BY shop_id, sale_day (one value within PARTITION BY shop_id, sale_day): RANK() numbers every row 1
-- expect-fix: order the window by the column that ranks them (not one of PARTITION BY)
-- expect-fix-absent: add a tiebreaker column
-- The five biggest sales per shop and day, with RANK() in a WITH clause ordered by both PARTITION BY columns (the
-- amount forgotten): every sale of a shop's day ranks 1 and passes `rnk <= 5`. Flink refuses RANK() in streaming mode;
-- the fix told to add a tiebreaker to that ORDER BY, which ties every row: the ORDER BY is what is missing.
CREATE TABLE sales (
  sale_id BIGINT,
  shop_id INT,
  sale_day DATE,
  amount DECIMAL(10, 2)
) WITH ('connector' = 'datagen');

SET 'table.exec.state.ttl' = '2 d';

WITH ranked AS (
  SELECT sale_id, shop_id, sale_day, amount,
         RANK() OVER (PARTITION BY shop_id, sale_day ORDER BY shop_id ASC, sale_day) AS rnk
  FROM sales
)
SELECT shop_id, sale_day, sale_id, amount FROM ranked WHERE rnk <= 5;
