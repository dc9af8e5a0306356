-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-fix: or per side in the view shipped_orders, whose join this is, on its joining SELECT: /*+ STATE_TTL('o' = '1 d', 's' = '1 d') */
-- Orders joined with shipments in a view whose orders side is read with an OPTIONS hint (orders /*+ OPTIONS(...) */
-- AS o). The fix offered only the session SET: the planning's reader of the views' joins took the hinted table for
-- something other than a table, so the view's join was not known, while the state-ttl-hint rewrite (which reads
-- OPTIONS-hinted tables) hinted the view. Both now read a FROM item's table with one reader (statement.FromTable).
CREATE TABLE orders (order_id STRING, user_id STRING, amount DECIMAL(10, 2)) WITH ('connector' = 'datagen');

CREATE TABLE shipments (order_id STRING, carrier STRING) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW shipped_orders AS
SELECT o.order_id, o.amount, s.carrier
FROM orders /*+ OPTIONS('rows-per-second' = '10') */ AS o
JOIN shipments s ON o.order_id = s.order_id;

SELECT order_id, carrier FROM shipped_orders WHERE amount > 100;
