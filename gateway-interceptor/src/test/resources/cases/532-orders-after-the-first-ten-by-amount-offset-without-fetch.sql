-- expect: BLOCK offset-without-fetch
-- expect-rewrite: bounded-sort
-- expect-reason: OFFSET without FETCH or LIMIT
-- expect-fix: LIMIT n before the OFFSET
-- Every order but the ten largest: ORDER BY amount DESC OFFSET 10 ROWS, with no FETCH or LIMIT. Flink plans a ranking
-- of the whole stream from row 11 on and refuses it while translating ("FETCH is missed, which on streaming table is
-- not supported currently.", StreamExecSortLimit, Flink 2.3.0 and 1.20.0), which the guard answered with "Correct the
-- statement as Flink's message says". The proven rewrite adds FETCH NEXT n ROWS ONLY: rows 11 to 10 + n.
CREATE TABLE orders (
  order_id STRING,
  amount DECIMAL(10, 2),
  order_time TIMESTAMP(3)
) WITH ('connector' = 'datagen');

SELECT order_id, amount FROM orders ORDER BY amount DESC OFFSET 10 ROWS;
