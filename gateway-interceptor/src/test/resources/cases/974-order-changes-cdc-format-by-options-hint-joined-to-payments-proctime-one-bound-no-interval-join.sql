-- expect: WARN stateful-without-ttl
-- expect-reason: bounds o.seen by p.seen from below only
-- expect-reason: no bound is offered: the join reads an update stream, order_changes (its source emits updates)
-- expect-fix-absent: Give the condition the upper bound it lacks
-- Case 968 with the CDC format given by the scan's OPTIONS hint, the table declared 'json' (inserts only): Flink
-- creates the source with the hint's options merged in (CatalogSourceTable), so the scan emits every change. The
-- guard asks the source with the options the scan has (ScanTableSource#getChangelogMode), on both lines; before, it
-- read the format from the options the compiled plan persists, which on Flink 1.20 are the catalog's alone ('json'),
-- and offered the bound there.
CREATE TABLE order_changes (
  order_id BIGINT,
  status STRING
) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-974',
  'format' = 'json',
  'source.monitor-interval' = '1 min'
);

CREATE TABLE payments (
  order_id BIGINT,
  paid DECIMAL(10, 2)
) WITH ('connector' = 'datagen');

SELECT o.order_id, o.status, p.paid
FROM (SELECT order_id, status, PROCTIME() AS seen FROM order_changes /*+ OPTIONS('format' = 'debezium-json') */) AS o
JOIN (SELECT order_id, paid, PROCTIME() AS seen FROM payments) AS p
  ON o.order_id = p.order_id AND o.seen > p.seen - INTERVAL '10' MINUTE;
