-- expect: WARN stateful-without-ttl
-- expect-reason: from above only
-- expect-reason-absent: the time a row is read
-- expect-fix: Give the condition the lower bound it lacks, on the same columns: AND o.seen >= p.seen - INTERVAL 'n' MINUTE
-- expect-fix: where both inputs are inserts only
-- The bound the other way: a PROCTIME() computed in each subquery, the left one bounded from above only (o.seen <
-- p.seen + 10 minutes). Flink plans a regular join; the fix gives the lower bound it lacks.
CREATE TABLE orders (
  order_id BIGINT,
  amount DECIMAL(10, 2)
) WITH ('connector' = 'datagen');

CREATE TABLE payments (
  order_id BIGINT,
  paid DECIMAL(10, 2)
) WITH ('connector' = 'datagen');

SELECT o.order_id, o.amount, p.paid
FROM (SELECT order_id, amount, PROCTIME() AS seen FROM orders) AS o
JOIN (SELECT order_id, paid, PROCTIME() AS seen FROM payments) AS p
  ON o.order_id = p.order_id AND o.seen < p.seen + INTERVAL '10' MINUTE;
