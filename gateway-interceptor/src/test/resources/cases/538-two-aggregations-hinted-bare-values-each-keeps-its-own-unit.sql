-- expect: BLOCK ttl-too-short ttl-bare-number
-- expect-rewrite: ttl-unit
-- expect-fix: STATE_TTL('totals' = '2 h')
-- expect-fix: STATE_TTL('orders' = '36 h')
-- A STATE_TTL hint on each of two query blocks, a per-user total hinted '36' under a per-total count hinted '2'
-- (36 ms and 2 ms as Flink reads them): each block's value is rewritten with its own likely unit, not the one
-- TTL of the finding the rewrite answers.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE
) WITH ('connector' = 'datagen');

SELECT /*+ STATE_TTL('totals' = '2') */ total, COUNT(*) AS users
FROM (
  SELECT /*+ STATE_TTL('orders' = '36') */ user_id, SUM(amount) AS total
  FROM orders
  GROUP BY user_id
) AS totals
GROUP BY total;
