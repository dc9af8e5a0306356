-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-fix: SET 'table.exec.state.ttl' = '3 d'
-- expect-fix-absent: '1 d'
-- expect-fix: or per side in the view shipped_within_3_days, whose join this is, on its joining SELECT: /*+ STATE_TTL('o' = '3 d', 's' = '3 d') */
-- Orders shipped within 3 days, the regular join (no WATERMARK) and its INTERVAL '3' DAY bound inside a view the
-- statement reads. The fix proposed the default 1 d, which loses every match made after a day, while the rewrite
-- under it proposed 3 d: the fix read the time bounds of the statement's text only, the rewrite those of the views
-- too. Both now read the view's bound from one place (the planning reads the views, plan.ViewTimeBound), and the
-- rewrite's chosen: line names the view's bound, not "the statement's own". The fix offered only the session SET for
-- the view's join while the rewrite put the per-side hint into the view: it now offers that hint in the view too.
CREATE TABLE orders (order_id STRING, user_id STRING, order_time TIMESTAMP(3)) WITH ('connector' = 'datagen');

CREATE TABLE shipments (order_id STRING, ship_time TIMESTAMP(3)) WITH ('connector' = 'datagen');

CREATE VIEW shipped_within_3_days AS
SELECT o.order_id, o.user_id, s.ship_time
FROM orders o
JOIN shipments s
  ON o.order_id = s.order_id
 AND s.ship_time BETWEEN o.order_time AND o.order_time + INTERVAL '3' DAY;

SELECT order_id, user_id, ship_time FROM shipped_within_3_days;
