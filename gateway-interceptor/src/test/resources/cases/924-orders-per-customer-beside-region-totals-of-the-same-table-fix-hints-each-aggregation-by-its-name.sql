-- expect: WARN stateful-without-ttl
-- expect-fix: Set a state TTL longer than a key (customer_id, region) stays active: SET 'table.exec.state.ttl' = '1 d', or for this aggregation alone /*+ STATE_TTL('orders' = '1 d') */ on its SELECT
-- expect-fix: Set a state TTL longer than a key (region) stays active: SET 'table.exec.state.ttl' = '1 d', or for this aggregation alone /*+ STATE_TTL('o' = '1 d') */ on its SELECT
-- Each customer's orders beside their region's total, both aggregated from orders, read under two names: orders (no
-- alias) in the count per customer and region, o in the total per region. The plan's scans of orders carry no alias,
-- so StatementNames#hint gave neither aggregation a hint (it cannot tell which name is whose) and each fix offered the
-- SET alone. Flink matches a hint to an aggregation by the name of its input in the hinted SELECT (QueryHintsResolver):
-- each aggregation is now matched to the one SELECT that groups orders by its keys, and its hint names that SELECT's
-- input ('orders', 'o'); the state-ttl-hint rewrite proves each (golden 924).
CREATE TABLE orders (order_id STRING, customer_id STRING, region STRING, amount DOUBLE) WITH ('connector' = 'datagen');

SELECT c.customer_id, c.order_count, r.region_total
FROM (SELECT customer_id, region, COUNT(*) AS order_count FROM orders GROUP BY customer_id, region) AS c
JOIN (SELECT o.region, SUM(o.amount) AS region_total FROM orders AS o GROUP BY o.region) AS r
  ON c.region = r.region;
