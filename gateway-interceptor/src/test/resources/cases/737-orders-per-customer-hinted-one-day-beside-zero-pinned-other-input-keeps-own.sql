-- expect: WARN stateful-without-ttl
-- expect-reason: a STATE_TTL hint pins its state to never expire (STATE_TTL('c' = '0')
-- expect-fix: STATE_TTL('c' = '1 d')
-- Two aggregations over one table, unioned: the first pinned with STATE_TTL('o' = '7 d'), the second with
-- STATE_TTL('c' = '0'), no session TTL. Only the second never expires: the finding is its own, and names its pin; the
-- first keeps its 7 d (no finding).
CREATE TABLE orders (order_id STRING, customer_id STRING, country STRING) WITH ('connector' = 'datagen');

SELECT 'customer' AS kind, k, n FROM (SELECT /*+ STATE_TTL('o' = '7 d') */ customer_id AS k, COUNT(*) AS n FROM orders o GROUP BY customer_id)
UNION ALL
SELECT 'country' AS kind, k, n FROM (SELECT /*+ STATE_TTL('c' = '0') */ country AS k, COUNT(*) AS n FROM orders c GROUP BY country);
