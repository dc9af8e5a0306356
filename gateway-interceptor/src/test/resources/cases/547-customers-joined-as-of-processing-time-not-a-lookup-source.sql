-- expect: BLOCK temporal-join-not-versioned
-- expect-fix: Read customers through a connector that is a lookup source
-- expect-fix-absent: as of event time
-- A lookup join written FOR SYSTEM_TIME AS OF the orders' processing time, where the customers table's connector
-- (datagen) is no lookup source: Flink refuses it while translating ("Processing-time temporal join is not supported
-- yet.", StreamExecTemporalJoin, 2.3.0 and 1.20.0).
CREATE TABLE orders (
  order_id STRING,
  customer_id STRING,
  amount DOUBLE,
  proc_time AS PROCTIME()
) WITH ('connector' = 'datagen');

CREATE TABLE customers (
  customer_id STRING,
  name STRING,
  PRIMARY KEY (customer_id) NOT ENFORCED
) WITH ('connector' = 'datagen');

SELECT o.order_id, c.name
FROM orders AS o
JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c
ON o.customer_id = c.customer_id;
