-- expect: OK
-- Unquoted SET of keys other than the TTL, and SHOW JARS: Flink's extended parser runs them all; the guard
-- understands them and has nothing to report.
SET parallelism.default = 2;

SET pipeline.name = orders-report;

SET table.exec.state.ttl = 1d;

CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SHOW JARS;
