-- expect: WARN global-rank
-- expect-fix: partition the OVER window by that key: OVER (PARTITION BY the key ORDER BY proctime
-- expect-fix-absent: Top-N
-- A moving sum over the last three orders of the whole stream (OVER (ORDER BY proctime ROWS BETWEEN 2 PRECEDING
-- AND CURRENT ROW) with no PARTITION BY, as in Flink's OverAggregateTest): an OverAggregate in one task. Its fix is
-- a PARTITION BY in the OVER clause, not a Top-N per window (issue 30 §3: a message true to the operator).
CREATE TABLE orders (
  customer STRING,
  amount INT,
  proctime AS PROCTIME()
) WITH ('connector' = 'datagen');

CREATE TABLE moving_sums (
  customer STRING,
  last_three INT
) WITH ('connector' = 'blackhole');

INSERT INTO moving_sums
SELECT customer, SUM(amount) OVER (ORDER BY proctime ROWS BETWEEN 2 PRECEDING AND CURRENT ROW)
FROM orders;
