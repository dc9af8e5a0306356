-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- Case 1158's kind inside a view the statement reads: the view's two aggregating SELECTs under UNION ALL, the
-- refunds count pinned by STATE_TTL('refunds' = '0'), the orders count without a hint. The rewrite redefines the view:
-- the SELECT whose hint reaches each finding's GroupAggregate is found by planning the statement with the view
-- inlined, a marker TTL on each of the view's SELECTs; each rewrite changes that SELECT alone (golden 1162).
CREATE TABLE orders (order_id STRING, shop STRING) WITH ('connector' = 'datagen');

CREATE TABLE refunds (order_id STRING, shop STRING) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW activity_per_shop AS
SELECT shop, 'orders' AS kind, COUNT(*) AS n
FROM orders
GROUP BY shop
UNION ALL
SELECT /*+ STATE_TTL('refunds' = '0') */ shop, 'refunds' AS kind, COUNT(*) AS n
FROM refunds
GROUP BY shop;

SELECT shop, kind, n FROM activity_per_shop;
