-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- expect-reason: the right side's state (the IN or EXISTS subquery's side, over refund_requests) holds one row
-- An uncorrelated EXISTS (SELECT * FROM refund_requests): a SEMI join without an equality key whose right input is
-- the one row of an aggregation without GROUP BY (case 879's shape). Under the session-state-ttl rewrite that row is
-- written again for each row of refund_requests (Flink's GroupAggHelper emits an unchanged result again where a TTL
-- is on) and expires only when refund_requests has no new row for longer than the TTL: orders arriving then are not
-- emitted, as if refund_requests were empty, until its next row. The changes: line said a row of the subquery's side
-- "is forgotten then even while rows of the outer query keep matching it", which is not what happens to that one row
-- (golden).
CREATE TABLE orders (
  order_id STRING,
  amount DOUBLE
) WITH ('connector' = 'datagen');

CREATE TABLE refund_requests (
  order_id STRING,
  reason STRING
) WITH ('connector' = 'datagen');

SELECT order_id, amount FROM orders WHERE EXISTS (SELECT * FROM refund_requests);
