-- expect: BLOCK temporal-join-not-versioned
-- expect-reason: reads the view active_customers (over customers) as it is when each row arrives
-- expect-reason: customers's connector is not one
-- expect-reason-absent: active_customers's connector
-- expect-fix: Read customers through a connector that is a lookup source (jdbc, hbase, ...): the view active_customers that filters or projects it
-- expect-fix-absent: as of event time
-- A lookup join written FOR SYSTEM_TIME AS OF the orders' processing time over a view that filters a datagen table:
-- Flink refuses it ("Processing-time temporal join is not supported yet."). The guard said the view's "connector is
-- not one": a view has no connector; the table it reads does, and a filter or projection of a lookup source's scan is
-- still a lookup join (StreamPhysicalLookupJoinRule$SnapshotOnCalcTableScanRule).
CREATE TABLE orders (
  order_id STRING,
  customer_id STRING,
  amount DOUBLE,
  proc_time AS PROCTIME()
) WITH ('connector' = 'datagen');

CREATE TABLE customers (
  customer_id STRING,
  name STRING,
  active BOOLEAN,
  PRIMARY KEY (customer_id) NOT ENFORCED
) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW active_customers AS SELECT customer_id, name FROM customers WHERE active;

SELECT o.order_id, c.name
FROM orders AS o
JOIN active_customers FOR SYSTEM_TIME AS OF o.proc_time AS c
ON o.customer_id = c.customer_id;
