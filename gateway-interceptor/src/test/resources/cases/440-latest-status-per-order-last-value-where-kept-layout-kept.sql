-- expect: BLOCK unbounded-rank dedup-not-recognized
-- expect-rewrite: watermark last-value
-- The latest status per order by a plain TIMESTAMP(3) (no WATERMARK, so Flink ranks instead of deduplicating),
-- the ranking block filtering on its own and written over several lines with a comment. The LAST_VALUE rewrite
-- makes the outer block a GROUP BY of what the ranking read: it keeps the outer block's lines, writes the table
-- and the condition as the user wrote them in place of the subquery and of `WHERE rn = 1`, and puts `GROUP BY
-- order_id` after the WHERE clause on a line of its own (issue 30 §1: splice only what changes).
CREATE TABLE order_status (
  order_id STRING,
  status STRING,
  updated_at TIMESTAMP(3)
) WITH ('connector' = 'datagen');

SELECT order_id, status, updated_at
FROM (
  SELECT order_id, status, updated_at,
         ROW_NUMBER() OVER (PARTITION BY order_id ORDER BY updated_at DESC) AS rn
  FROM order_status -- every change of an order
  WHERE (status <> 'void')
)
WHERE rn = 1;
