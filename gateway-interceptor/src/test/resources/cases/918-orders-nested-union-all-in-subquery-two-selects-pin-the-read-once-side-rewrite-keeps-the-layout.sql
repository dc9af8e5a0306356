-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- Case 917's kind in a nested set operation read through a subquery: three SELECTs, the second two in parentheses, two
-- of them giving the customers (read once) a TTL, one of those with its keys in the other order. Each hint's options
-- are written anew where they stand, the subquery's lines, parentheses and comments as written.
CREATE TABLE orders (order_id STRING, customer_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE customers (customer_id STRING, name STRING, country STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-918', 'format' = 'csv');

SELECT order_id, country, sold
FROM (
  -- sales
  SELECT /*+ STATE_TTL('o' = '0', 'c' = '12 h') */ o.order_id, c.country, o.amount AS sold
  FROM orders o
  INNER JOIN customers c ON o.customer_id = c.customer_id
  WHERE o.amount >= 0
  UNION ALL
  (
    -- refunds, and sales to customers of no known country (by name)
    SELECT /*+ STATE_TTL('o' = '0') */ o.order_id, c.country, -o.amount
    FROM orders o
    INNER JOIN customers c ON o.customer_id = c.customer_id
    WHERE o.amount < 0
    UNION ALL
    SELECT /*+ STATE_TTL('c' = '6 h', 'o' = '0') */ o.order_id, c.name, o.amount
    FROM orders o
    INNER JOIN customers c ON o.customer_id = c.customer_id
    WHERE c.country IS NULL
  )
) AS t
WHERE sold <> 0;
