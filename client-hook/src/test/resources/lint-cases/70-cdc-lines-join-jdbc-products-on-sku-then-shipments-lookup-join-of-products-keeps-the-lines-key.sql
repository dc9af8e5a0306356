-- expect: BLOCK on-conflict-required
-- expect-reason: the statement's INNER JOIN on l.sku = p.sku loses it
-- expect-fix: Where products' connector is a lookup source (jdbc, hbase, ...), read it as a lookup join: JOIN products FOR SYSTEM_TIME AS OF l.proc AS p ON l.sku = p.sku
-- expect-fix: the rows keep order_lines' PRIMARY KEY (order_id, line_no) where the joins above keep it
-- expect-fix: The lookup join changes what the join means: each row reads products once, as it is when the row arrives (processing time)
-- expect-fix-absent: no column the query selects gives the rows one
-- expect-rewrite: lookup-join-key
-- expect-changes: reads products as a lookup join, as of l.proc (processing time), looked up by its PRIMARY KEY (sku) on l.sku = p.sku: Flink keeps the left input's key through it
-- Lint case 43's cascade with the products in a lookup source (jdbc) and a processing-time attribute on the lines: the
-- join on the lines' sku loses their key (order_id, line_no) as a regular join (FlinkRelMdUpsertKeys#filterKeys: the key
-- does not hold sku), but read as a lookup join of products by its whole PRIMARY KEY (sku) it keeps the lines' key
-- (FlinkRelMdUpsertKeys#getUpsertKeys(CommonPhysicalLookupJoin) filters no key: a lookup join does not redistribute its
-- input), and the join with the shipments on l.order_id above it keeps it too (the key holds order_id; the shipments are
-- unique on it). The structural fix, proven: the lookup join plans, with no ON CONFLICT clause, before the clause's
-- choices; its changes: line says that the products are read once, when a line arrives (issue 30 §2, round 71).
-- Flink 1.20 has no ON CONFLICT check: it plans the regular joins with an upsert materializer (WARN
-- stateful-without-ttl, the -flink-1.20 golden), where the lookup-join family reads no join of a cascade yet.
CREATE TABLE order_lines (
  order_id BIGINT,
  line_no INT,
  sku STRING,
  proc AS PROCTIME(),
  PRIMARY KEY (order_id, line_no) NOT ENFORCED
) WITH ('connector' = 'mysql-cdc', 'hostname' = 'db', 'database-name' = 'shop', 'table-name' = 'order_lines');

CREATE TABLE products (
  sku STRING,
  title STRING,
  PRIMARY KEY (sku) NOT ENFORCED
) WITH ('connector' = 'jdbc', 'url' = 'jdbc:mysql://db:3306/shop', 'table-name' = 'products');

CREATE TABLE shipments (
  order_id BIGINT,
  carrier STRING,
  PRIMARY KEY (order_id) NOT ENFORCED
) WITH ('connector' = 'mysql-cdc', 'hostname' = 'db', 'database-name' = 'shop', 'table-name' = 'shipments');

CREATE TABLE line_shipments (
  order_id BIGINT,
  line_no INT,
  title STRING,
  carrier STRING,
  PRIMARY KEY (order_id, line_no) NOT ENFORCED
) WITH ('connector' = 'jdbc', 'url' = 'jdbc:mysql://db:3306/dw', 'table-name' = 'line_shipments');

INSERT INTO line_shipments
SELECT l.order_id, l.line_no, p.title, s.carrier
FROM order_lines l
JOIN products p ON l.sku = p.sku
JOIN shipments s ON l.order_id = s.order_id;
