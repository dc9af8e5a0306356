-- expect: BLOCK over-order-desc
-- expect-absent: on-conflict-required
-- Case 472 with the ON CONFLICT clause Flink 2.3 asked for: the conflict is resolved, and Flink goes on to the OVER
-- aggregate the unfiltered row number is, whose descending order it refuses ('The window can only be ordered in
-- ASCENDING mode'). So 472's fix offers no ON CONFLICT clause for a row number ordered DESC: the fix is rn = 1 (475).
-- Flink 1.20 has no ON CONFLICT clause: a parse error there.
SET 'table.exec.state.ttl' = '1 d';

CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  PRIMARY KEY (order_id) NOT ENFORCED
) WITH ('connector' = 'datagen');

CREATE TABLE numbered_orders (
  user_id STRING,
  order_id STRING,
  amount DOUBLE,
  rn BIGINT,
  PRIMARY KEY (user_id) NOT ENFORCED
) WITH ('connector' = 'blackhole');

INSERT INTO numbered_orders
SELECT user_id, order_id, amount,
       ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC) AS rn
FROM orders
ON CONFLICT DO DEDUPLICATE;
