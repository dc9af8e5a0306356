-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-fix: when customers is a dimension table whose connector is a lookup source
-- A join of orders (with a PROCTIME() column) and customers read from datagen, which is no lookup source: the
-- lookup join the fix describes does not plan here (Flink refuses a processing-time temporal join over a source
-- that is not a lookup source), so no lookup-join rewrite is shown; the TTL hint is.
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
