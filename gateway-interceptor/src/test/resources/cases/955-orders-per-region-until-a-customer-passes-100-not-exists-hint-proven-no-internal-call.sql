-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-fix: Set a state TTL longer than a key (region) stays active: SET 'table.exec.state.ttl' = '1 d', or for this aggregation alone /*+ STATE_TTL('orders' = '1 d') */ on its SELECT
-- expect-reason-absent: MIN(i)
-- expect-fix-absent: MIN(
-- Orders counted per region while no customer has more than 100 orders, the NOT EXISTS subquery (uncorrelated)
-- counting orders per customer. Flink plans it as an ANTI join whose right input is the one row of an aggregation it
-- builds, MIN(i) over a constant TRUE AS i (Calcite's SubQueryRemoveRule): it keeps that one value, and no SELECT
-- writes it. Before, that aggregation was reported as growing with every new value, by Flink's name MIN(i), which the
-- session-state-ttl rewrite's changes: line repeated; and the count per region, which reads the ANTI join, was offered
-- the SET alone, its state-ttl-hint rewrite not proven (as in case 896: it hinted the NOT EXISTS's SELECT too, whose
-- hint Flink drops, and its proof wanted every aggregation at the TTL). Now the one-row aggregation is not reported, the
-- rewrite leaves the subquery's SELECT unhinted, its proof leaves the aggregations under the ANTI join's right input as
-- they are, and the fix offers the hint it proves, naming the table the counting SELECT reads (golden 955).
CREATE TABLE orders (order_id STRING, customer_id STRING, region STRING, amount DOUBLE) WITH ('connector' = 'datagen');

SELECT region, COUNT(*) AS orders_in_region
FROM orders
WHERE NOT EXISTS (
  SELECT r.customer_id FROM orders AS r
  GROUP BY r.customer_id
  HAVING COUNT(*) > 100)
GROUP BY region;
