-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- expect-reason: right: the query after EXCEPT, over refunds
-- expect-reason-absent: IN or EXISTS
-- expect-fix: a STATE_TTL hint does not reach the ANTI join Flink builds from an EXCEPT, on any SELECT
-- expect-fix: a STATE_TTL hint does not reach the aggregation Flink builds for the EXCEPT, on any SELECT
-- Flink's plan test SetOperatorsTest#testMinus (SELECT c FROM T1 EXCEPT SELECT f FROM T2) with tables of our own: a
-- regular ANTI join under an aggregation that removes duplicates (ReplaceMinusWithAntiJoinRule). The guard said "the
-- IN or EXISTS subquery's side", and its changes: line "emitted as unmatched (its NOT EXISTS or NOT IN holds)": the
-- statement writes an EXCEPT. Under the TTL a refund is forgotten the TTL after it was stored, and an order of that id
-- arriving later is emitted: the EXCEPT keeps it although the query after EXCEPT had its id (golden).
CREATE TABLE shop_orders (
  order_id STRING,
  amount DECIMAL(10, 2)
) WITH ('connector' = 'datagen');

CREATE TABLE refunds (
  order_id STRING,
  reason STRING
) WITH ('connector' = 'datagen');

SELECT order_id FROM shop_orders
EXCEPT
SELECT order_id FROM refunds;
