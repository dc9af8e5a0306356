-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- Issue 30, "splice only what changes": a regular INNER JOIN whose right side is a subquery that aggregates. The
-- state-ttl-hint rewrite hints the join's block (per side: o, c) and the aggregating block of the side; before, the
-- join's hint lifted the splice to the whole statement, reprinted on one line without the comment, with `INNER`
-- dropped and `BETWEEN ASYMMETRIC` written as Calcite writes it. Now only the two hints are added.
CREATE TABLE orders (
  order_id STRING,
  customer_id STRING,
  amount DOUBLE
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.customer_id.length' = '3');

SELECT o.order_id, o.amount, c.total_spent
FROM orders AS o
INNER JOIN (
  -- each customer's spend so far
  SELECT customer_id, SUM(amount) AS total_spent
  FROM orders
  GROUP BY customer_id
) AS c
  ON o.customer_id = c.customer_id
WHERE o.amount BETWEEN ASYMMETRIC 10 AND 500;
