-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- expect-reason: right: the query after EXCEPT in the view kept_orders, over refunds
-- expect-reason-absent: IN or EXISTS
-- expect-fix: a STATE_TTL hint does not reach the ANTI join Flink builds from an EXCEPT in the view kept_orders, on any SELECT
-- expect-fix-absent: IN or EXISTS
-- Case 851's EXCEPT written in a view the statement reads: Flink expands the view and plans the same regular ANTI join
-- (ReplaceMinusWithAntiJoinRule). Round 61 named the sides of the statement's own EXCEPT; through a view the guard
-- still said "the IN or EXISTS subquery's side" and its changes: line "emitted as unmatched (its NOT EXISTS or NOT IN
-- holds)", though nothing writes a subquery. The sides are the queries before and after EXCEPT in the view (golden).
CREATE TABLE shop_orders (
  order_id STRING,
  amount DECIMAL(10, 2)
) WITH ('connector' = 'datagen');

CREATE TABLE refunds (
  order_id STRING,
  reason STRING
) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW kept_orders AS
SELECT order_id FROM shop_orders
EXCEPT
SELECT order_id FROM refunds;

SELECT order_id FROM kept_orders;
