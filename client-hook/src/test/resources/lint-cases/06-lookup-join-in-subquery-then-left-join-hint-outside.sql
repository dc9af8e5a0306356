-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- Orders with their customer's country, read by a lookup join in a subquery (customers in a database: jdbc, planned
-- by lint through its stand-in, a lookup source), then LEFT-joined with their shipments (a regular join). The
-- state-ttl-hint rewrite hints the block of the regular join alone, STATE_TTL('e', 's'): the LookupJoin keeps no
-- state and takes no hint. It used to hint the subquery too (STATE_TTL('o', 'c')), and its changes: line listed
-- that hint as if the lookup join kept each row 1 d (issue 30 §1).
CREATE TABLE orders (
  order_id STRING,
  customer_id STRING,
  amount DOUBLE,
  proc_time AS PROCTIME()
) WITH ('connector' = 'datagen');

CREATE TABLE shipments (
  order_id STRING,
  carrier STRING
) WITH ('connector' = 'datagen');

CREATE TABLE customers (
  id STRING,
  country STRING,
  PRIMARY KEY (id) NOT ENFORCED
) WITH ('connector' = 'jdbc', 'url' = 'jdbc:postgresql://db:5432/shop', 'table-name' = 'customers');

SELECT e.order_id, e.country, s.carrier
FROM (
  SELECT o.order_id, c.country
  FROM orders AS o
  LEFT JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON o.customer_id = c.id
) AS e
LEFT JOIN shipments AS s ON e.order_id = s.order_id;
