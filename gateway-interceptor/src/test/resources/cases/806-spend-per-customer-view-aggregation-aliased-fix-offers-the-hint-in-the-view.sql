-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-fix: or for this aggregation alone in the view spend_per_customer, whose aggregation this is, on its SELECT: /*+ STATE_TTL('o' = '1 d') */
-- Spend per customer summed in a view over an aliased table, read by a statement that filters the sums; no session
-- TTL. The state-ttl-hint rewrite hints the view's aggregating SELECT, while the fix offered only the session SET: it
-- offers the hint in the view too, named by the alias the view gives its input, as it does for a join in a view
-- (golden 806).
CREATE TABLE orders (order_id STRING, customer_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW spend_per_customer AS
SELECT o.customer_id, SUM(o.amount) AS spent
FROM orders o
GROUP BY o.customer_id;

SELECT customer_id, spent FROM spend_per_customer WHERE spent > 1000;
