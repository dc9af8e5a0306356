-- expect: BLOCK offset-without-fetch
-- expect-rewrite: bounded-sort
-- expect-fix: LIMIT n before the OFFSET
-- expect-fix: ORDER BY the column with the WATERMARK ascending first, without OFFSET
-- expect-fix-absent: Correct the statement as Flink's message says
-- Products ordered by units sold, skipping the first two and with no LIMIT, as Flink's own plan tests write it
-- (SortLimitTest#testSortWithoutTimeWithOffset: ORDER BY c OFFSET 2; LimitTest#testOnlyOffset: OFFSET 10 ROWS).
-- Flink plans a SortLimit whose rank range has no end and refuses it while translating (StreamExecSortLimit, Flink
-- 2.3.0 and 1.20: "FETCH is missed, which on streaming table is not supported currently."). The fix said only
-- "Correct the statement as Flink's message says" (issue 30 §2/§3: a refusal explained where users need it); it now
-- says what the missing end is and the two statements that plan: with LIMIT, or sorted by the event time.
CREATE TABLE product_sales (
  product_id STRING,
  sold BIGINT,
  sale_time TIMESTAMP(3),
  WATERMARK FOR sale_time AS sale_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE ranked_products (product_id STRING, sold BIGINT) WITH ('connector' = 'blackhole');

INSERT INTO ranked_products
SELECT product_id, sold
FROM product_sales
ORDER BY sold DESC
OFFSET 2 ROWS;
