-- expect: BLOCK unbounded-rank rank-retract dedup-not-recognized
-- expect-rewrite: state-ttl-hint
-- expect-fix-absent: with LAST_VALUE of each column
-- Latest status per order over a changelog (an updating view): Flink cannot Deduplicate an update stream.
-- No last-value rewrite (it was expected here until round 38): over an update stream Flink aggregates with the
-- retracting LAST_VALUE (LastValueWithRetractAggFunction), whose accumulator keeps every value of a key to retract
-- it, one per order of the user here, as the Rank does: it bounds nothing, and it takes arrival order for updated.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE VIEW order_status AS SELECT order_id, LAST_VALUE(user_id) AS user_id, MAX(order_time) AS updated FROM orders GROUP BY order_id;

SELECT order_id, user_id FROM (
  SELECT *, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY updated DESC) AS rn FROM order_status
) WHERE rn = 1;
