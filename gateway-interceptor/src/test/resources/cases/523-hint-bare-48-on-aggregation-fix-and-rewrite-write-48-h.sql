-- expect: BLOCK ttl-too-short ttl-bare-number
-- expect-rewrite: ttl-unit
-- expect-fix: with a unit: /*+ STATE_TTL('orders' = '48 h') */
-- expect-fix-absent: STATE_TTL('orders' = '1 d')
-- A STATE_TTL hint of '48' on a group aggregation: Flink reads 48 ms, and the compiled plan gives the
-- GroupAggregate that TTL. ttl-too-short's fix proposed '1 d' while the ttl-unit rewrite under it wrote '48 h' (the
-- likely intent ttl-bare-number names): both now state 48 h, the value the finding's facts carry (case 484 in a
-- join's shape).
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE
) WITH ('connector' = 'datagen');

SELECT /*+ STATE_TTL('orders' = '48') */ user_id, SUM(amount) AS total
FROM orders
GROUP BY user_id;
