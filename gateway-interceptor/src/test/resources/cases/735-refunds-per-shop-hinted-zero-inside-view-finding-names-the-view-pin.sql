-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-reason: a STATE_TTL hint pins its state to never expire (STATE_TTL('refunds' = '0') in the view refunds_per_shop
-- expect-fix: STATE_TTL('refunds' = '1 d')
-- expect-fix-absent: Set a state TTL longer than a key
-- Refunds per shop, aggregated in a view whose SELECT pins it with STATE_TTL('refunds' = '0'), read by a statement
-- that filters it, with no session TTL. The pin is the view's: the finding names it with the view, the fix changes the
-- view's hint, and the rewrite (the view re-issued) says first that it replaces the pin.
CREATE TABLE refunds (shop_id STRING, amount DECIMAL(10, 2)) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW refunds_per_shop AS
SELECT /*+ STATE_TTL('refunds' = '0') */ shop_id, SUM(amount) AS refunded
FROM refunds
GROUP BY shop_id;

SELECT shop_id, refunded FROM refunds_per_shop WHERE refunded > 1000;
