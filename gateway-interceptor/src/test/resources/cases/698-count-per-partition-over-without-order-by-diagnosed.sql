-- expect: BLOCK over-without-order-by
-- expect-fix: COUNT(a) OVER (PARTITION BY c ORDER BY PROCTIME()) orders the rows as they arrive
-- expect-fix: GROUP BY the window's PARTITION BY columns
-- Flink's plan test OverAggregateTest#testWithoutOrderByClause: the count of the partition beside each row, an OVER
-- window with no ORDER BY. Flink 2.3.0 refuses it with "The window can only be ordered by a single time column"
-- (a later Flink plans an OverAggregate with orderBy=[] over the whole partition); the guard answered planner-error
-- with "Correct the statement as Flink's message says", while the window has no order at all.
CREATE TABLE MyTable (
  a INT,
  b STRING,
  c BIGINT,
  proctime AS PROCTIME(),
  rowtime TIMESTAMP(3),
  WATERMARK FOR rowtime AS rowtime
) WITH ('connector' = 'datagen');

SELECT c,
    COUNT(a) OVER (PARTITION BY c) AS cnt1
FROM MyTable;
