-- expect: WARN stateful-without-ttl
-- expect-reason-absent: MIN(i)
-- expect-fix-absent: MIN(
-- Case 955 under mini-batch: Flink splits its aggregations in two phases, the one it builds for the uncorrelated NOT
-- EXISTS too (a LocalGroupAggregate of MIN(i) over TRUE AS i, then the GlobalGroupAggregate). That aggregation keeps one
-- value and no SELECT writes it; it was told apart by the printed Calc(select=[true AS i]) right below it, which the
-- local phase now stands between, so it was reported as growing by Flink's name MIN(i). It is now told apart by the
-- compiled plan's projection of the value its call reads (StatefulWithoutTtlRule.OneRowSide#existsMarker).
CREATE TABLE orders (order_id STRING, customer_id STRING, region STRING, amount DOUBLE) WITH ('connector' = 'datagen');

SET 'table.exec.mini-batch.enabled' = 'true';

SET 'table.exec.mini-batch.allow-latency' = '1 s';

SET 'table.exec.mini-batch.size' = '1000';

SELECT region, COUNT(*) AS orders_in_region
FROM orders
WHERE NOT EXISTS (
  SELECT r.customer_id FROM orders AS r
  GROUP BY r.customer_id
  HAVING COUNT(*) > 100)
GROUP BY region;
