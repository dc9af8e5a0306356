-- expect: WARN stateful-without-ttl
-- expect-fix: /*+ STATE_TTL('o' = '1 d', 'c' = '1 d') */
-- expect-fix-absent: lookup
-- expect-fix-absent: FOR SYSTEM_TIME AS OF
-- Orders (with a PROCTIME() column) joined with customers from a watched directory of CSV files
-- ('source.monitor-interval': unbounded, so both sides' state grows). Flink's filesystem factory makes a source that
-- is no LookupTableSource, so a lookup join of customers would not plan. The fix offered one anyway ("when customers
-- is a dimension table whose connector is a lookup source (jdbc, hbase, ...; not datagen or filesystem)", of a
-- filesystem table); now it offers none.
CREATE TABLE orders (order_id STRING, customer_id STRING, amount DOUBLE, proc_time AS PROCTIME())
WITH ('connector' = 'datagen');

CREATE TABLE customers (customer_id STRING, name STRING, country STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-789', 'format' = 'csv',
      'source.monitor-interval' = '1 min');

SELECT o.order_id, c.name, o.proc_time
FROM orders o
JOIN customers c ON o.customer_id = c.customer_id;
