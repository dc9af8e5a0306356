-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-fix: or for this aggregation alone in the view spend_per_customer (read through big_spenders), whose aggregation this is, on its SELECT: /*+ STATE_TTL('o' = '1 d') */
-- Spend per customer summed in a view, read through a second view that filters it. The fix offered the hint in the
-- view one level down only; two views down it offered the SET alone, while the state-ttl-hint rewrite hints the
-- aggregating view (golden 818).
CREATE TABLE orders (order_id STRING, customer_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW spend_per_customer AS
SELECT o.customer_id, SUM(o.amount) AS spent
FROM orders o
GROUP BY o.customer_id;

CREATE TEMPORARY VIEW big_spenders AS
SELECT customer_id, spent FROM spend_per_customer WHERE spent > 1000;

SELECT customer_id, spent FROM big_spenders;
