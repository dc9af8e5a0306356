-- expect: OK
-- expect-absent: stateful-without-ttl
-- Both sides read once (CSV files without 'source.monitor-interval', a datagen with 'number-of-rows'): Flink plans
-- the same regular Join, with state, in streaming mode, but both sources are bounded, so the job finishes once both
-- are read, and the join's state holds what they gave: it never grows past that. The finding said "both sides'
-- state grows forever" and proposed a TTL that would only drop rows of a job that ends on its own; now nothing is
-- reported, as for the statement's own VALUES.
CREATE TABLE customers (customer_id STRING, name STRING, currency_code STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-767', 'format' = 'csv');

CREATE TABLE currencies (currency_code STRING, rate DOUBLE)
WITH ('connector' = 'datagen', 'number-of-rows' = '30');

SELECT c.name, cur.rate
FROM customers c
JOIN currencies cur ON c.currency_code = cur.currency_code;
