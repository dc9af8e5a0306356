-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-reason: so both sides' state grows forever
-- expect-reason-absent: read once
-- expect-fix: Bound the join's state with a TTL longer than a row must wait for its match: SET 'table.exec.state.ttl' = '1 d', or per side on the join's SELECT: /*+ STATE_TTL('o' = '1 d', 'c' = '1 d') */
-- expect-fix-absent: read once
-- The same join as 753, but the customers' directory is watched for new files ('source.monitor-interval'): Flink
-- translates the scan as CONTINUOUS_UNBOUNDED, both sides grow, and both are bounded by a TTL as before.
CREATE TABLE orders (order_id STRING, customer_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE customers (customer_id STRING, name STRING, country STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-755', 'format' = 'csv',
      'source.monitor-interval' = '1 min');

SELECT o.order_id, c.name, o.amount
FROM orders o
JOIN customers c ON o.customer_id = c.customer_id;
