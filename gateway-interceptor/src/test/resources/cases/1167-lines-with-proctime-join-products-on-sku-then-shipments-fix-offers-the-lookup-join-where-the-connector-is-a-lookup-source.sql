-- expect: BLOCK on-conflict-required
-- expect-reason: the statement's INNER JOIN on l.sku = p.sku loses it
-- expect-fix: Where products' connector is a lookup source (jdbc, hbase, ...), read it as a lookup join: JOIN products FOR SYSTEM_TIME AS OF l.proc AS p ON l.sku = p.sku
-- expect-fix: The lookup join changes what the join means: each row reads products once, as it is when the row arrives (processing time), and a later change of products does not update or retract rows already written
-- expect-fix: An event-time temporal join keeps no key here
-- expect-fix-absent: no column the query selects gives the rows one
-- Case 1131's cascade with a processing-time attribute on the lines and without the orders: the join on l.sku = p.sku
-- loses the lines' key (order_id, line_no) as a regular join. Read as a lookup join of products by its whole PRIMARY
-- KEY (sku) it would keep it: Flink 2.3.0 filters no key of the left input through a lookup join
-- (FlinkRelMdUpsertKeys#getUpsertKeys(CommonPhysicalLookupJoin)), where it keeps through a regular join only the keys
-- that hold the join columns (#filterKeys); an event-time temporal join is a Join (StreamPhysicalTemporalJoin) and
-- filters them as a regular join does. The fix leads with that way, said conditionally: the rule has no plan to ask
-- whether the connector is a lookup source. Here it is not (filesystem): the lookup-join-key rewrite is planned, Flink
-- refuses it, and nothing is shown but the ON CONFLICT choices (lint case 70 shows it proven over jdbc). Before: the
-- fix said that no column gives the rows a key and that ON CONFLICT DO DEDUPLICATE is the fix (round 71, issue 30 §2).
CREATE TABLE order_lines (
  order_id BIGINT, line_no INT, sku STRING, proc AS PROCTIME(),
  PRIMARY KEY (order_id, line_no) NOT ENFORCED
) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-1167-lines',
  'format' = 'debezium-json'
);

CREATE TABLE products (sku STRING, title STRING, PRIMARY KEY (sku) NOT ENFORCED) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-1167-products',
  'format' = 'debezium-json'
);

CREATE TABLE shipments (order_id BIGINT, carrier STRING, PRIMARY KEY (order_id) NOT ENFORCED) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-1167-shipments',
  'format' = 'debezium-json'
);

CREATE TABLE line_shipments (order_id BIGINT, line_no INT, title STRING, carrier STRING,
  PRIMARY KEY (order_id, line_no) NOT ENFORCED) WITH ('connector' = 'blackhole');

SET 'table.exec.state.ttl' = '1 d';

INSERT INTO line_shipments
SELECT l.order_id, l.line_no, p.title, s.carrier
FROM order_lines l
JOIN products p ON l.sku = p.sku
JOIN shipments s ON l.order_id = s.order_id;
