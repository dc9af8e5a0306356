-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- Case 886 where the first SELECT's hint also gives the customers (read once, a bounded CSV source) '12 h': the
-- rewrite writes that SELECT's hint anew. The Splicer cut the hint's last pair as two list items whose cuts overlapped,
-- no level up to the SELECT read back, and the whole UNION ALL was written anew on Calcite's lines (the SELECT list
-- and FROM on one line, "- o.amount"); now only the hint's options are written anew, the rest of the UNION as written.
CREATE TABLE orders (order_id STRING, customer_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE customers (customer_id STRING, name STRING, country STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-917', 'format' = 'csv');

SELECT /*+ STATE_TTL('o' = '0', 'c' = '12 h') */ o.order_id, c.country, o.amount AS sold
FROM orders o
JOIN customers c ON o.customer_id = c.customer_id
WHERE o.amount >= 0
UNION ALL
SELECT /*+ STATE_TTL('o' = '0') */ o.order_id, c.country, -o.amount
FROM orders o
JOIN customers c ON o.customer_id = c.customer_id
WHERE o.amount < 0;
