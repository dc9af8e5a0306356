-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-fix: or for this aggregation alone /*+ STATE_TTL('paid' = '1 d') */ on its SELECT
-- expect-fix-absent: STATE_TTL('o' = '1 d')
-- Paid orders per region, the filter in a subquery with an alias (paid) over orders AS o. Before, the fix offered
-- "/*+ STATE_TTL('o' = '1 d') */ on its SELECT", o being an input of the subquery's SELECT, not of the aggregating
-- one: Flink refuses it there. The state-ttl-hint rewrite named paid already; the fix now says the same.
CREATE TABLE orders (
  order_id BIGINT,
  region STRING,
  status STRING,
  amount DECIMAL(10, 2)
) WITH ('connector' = 'datagen');

CREATE TABLE paid_per_region (
  region STRING,
  orders_paid BIGINT,
  revenue DECIMAL(38, 2),
  PRIMARY KEY (region) NOT ENFORCED
) WITH ('connector' = 'blackhole');

INSERT INTO paid_per_region
SELECT region, COUNT(*), SUM(amount)
FROM (
  SELECT o.region, o.amount
  FROM orders AS o
  WHERE o.status = 'PAID'
) AS paid
GROUP BY region;
