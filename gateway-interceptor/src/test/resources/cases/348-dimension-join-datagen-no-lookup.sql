-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-fix: /*+ STATE_TTL('o' = '1 d', 'c' = '1 d') */
-- expect-fix-absent: lookup
-- A join of orders (with a PROCTIME() column) and customers read from datagen, which is no lookup source: Flink's
-- factory for datagen makes a source that is no LookupTableSource, so a lookup join would not plan (Flink refuses a
-- processing-time temporal join over a source that is not a lookup source). The fix no longer offers one (it said
-- "when customers is a dimension table whose connector is a lookup source (jdbc, hbase, ...; not datagen or
-- filesystem)" of this datagen table), and no lookup-join rewrite is shown; the TTL hint is.
CREATE TABLE orders (
  order_id STRING,
  customer_id STRING,
  amount DOUBLE,
  proc_time AS PROCTIME()
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE customers (
  id STRING,
  name STRING,
  PRIMARY KEY (id) NOT ENFORCED
) WITH ('connector' = 'datagen', 'rows-per-second' = '1');

SELECT o.order_id, c.name FROM orders AS o JOIN customers AS c ON o.customer_id = c.id;
