-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- expect-reason: is an OVER aggregate partitioned by customer_id and ordered by order_time
-- expect-fix: bound the frame by time in the view spend_so_far, whose OVER this is: OVER (PARTITION BY customer_id ORDER BY order_time RANGE BETWEEN
-- expect-fix-absent: STATE_TTL(
-- The running total lives in a view (RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW, the default frame of an
-- OVER with ORDER BY), and the query filters the view's rows: the OverAggregate is the view's, so the bounded
-- frame goes into the view's OVER clause, and the session TTL reaches it wherever it is.
CREATE TABLE orders (
  order_id STRING,
  customer_id STRING,
  amount DECIMAL(10, 2),
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW spend_so_far AS
SELECT order_id, customer_id, amount, SUM(amount) OVER (PARTITION BY customer_id ORDER BY order_time) AS total
FROM orders;

SELECT order_id, customer_id, total FROM spend_so_far WHERE total > 1000;
