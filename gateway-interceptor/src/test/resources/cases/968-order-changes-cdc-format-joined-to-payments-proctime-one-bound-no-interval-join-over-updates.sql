-- expect: WARN stateful-without-ttl
-- expect-reason: bounds o.seen by p.seen from below only
-- expect-reason: no bound is offered: the join reads an update stream, order_changes (its source emits updates), and Flink plans an interval join over inserts-only inputs only
-- expect-fix-absent: Give the condition the upper bound it lacks
-- expect-fix: Bound the join's state with a TTL longer than a row must wait for its match
-- Case 939's shape (each side's PROCTIME() computed in its subquery, bounded from below only) over a source that emits
-- updates: a monitored filesystem table in the debezium-json format (a CDC format: every change). With the upper bound
-- added, Flink 2.3.0 refuses the statement ("StreamPhysicalIntervalJoin doesn't support consuming update and delete
-- changes which is produced by node TableSourceScan(table=[[..., order_changes]] ...)", asked through the guard), so
-- the bound is no fix here. Before: the fix offered the bound first, qualified "where both inputs are inserts only".
CREATE TABLE order_changes (
  order_id BIGINT,
  status STRING
) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-968',
  'format' = 'debezium-json',
  'source.monitor-interval' = '1 min'
);

CREATE TABLE payments (
  order_id BIGINT,
  paid DECIMAL(10, 2)
) WITH ('connector' = 'datagen');

SELECT o.order_id, o.status, p.paid
FROM (SELECT order_id, status, PROCTIME() AS seen FROM order_changes) AS o
JOIN (SELECT order_id, paid, PROCTIME() AS seen FROM payments) AS p
  ON o.order_id = p.order_id AND o.seen > p.seen - INTERVAL '10' MINUTE;
