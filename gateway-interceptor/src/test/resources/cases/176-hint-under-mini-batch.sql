-- expect: WARN stateful-without-ttl
-- Mini-batch aggregation under a session TTL of 1 d with a STATE_TTL hint of '0'. Flink 2.3.0 keeps the hint:
-- the aggregation runs in two phases and the compiled plan gives GlobalGroupAggregate's state 0 ms.
SET table.exec.state.ttl = '1 d';

SET table.exec.mini-batch.enabled=true;

SET table.exec.mini-batch.allow-latency = '1 s';

SET table.exec.mini-batch.size = 1000;

CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  pt AS PROCTIME()
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT /*+ STATE_TTL('orders' = '0') */ user_id, COUNT(*) AS orders_count FROM orders GROUP BY user_id;
