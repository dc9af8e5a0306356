-- expect: WARN stateful-without-ttl
-- expect-fix: its SELECT's STATE_TTL hint reaches the join's inputs only, not this aggregation
-- expect-fix: FROM (SELECT /*+ STATE_TTL(...) */ ... JOIN ...) AS joined GROUP BY
-- Flink's own hints page, "set state ttl for both join and aggregation": STATE_TTL('o' = '1d', 'l' = '2d') on a SELECT
-- that joins orders AS o and lineitem AS l and aggregates per o_orderkey. Flink 2.3's compiled plan gives the join
-- 1 d and 2 d and the aggregation the session's TTL (here none): QueryHintsResolver matches a hint to an aggregation
-- by the name of its input, and a join has none. The finding said the aggregation's state never expires, true, but its
-- fix offered only a session TTL, as if no hint were written (issue 30 §3: true to the plan, and say why). The fix now
-- says why the hint misses it and how to name it: the join in a subquery AS joined, STATE_TTL('joined' = ...) outside
-- (verified on 2.3.0: the aggregation then gets that TTL).
CREATE TABLE orders (o_orderkey INT, o_custkey INT, o_status BOOLEAN, o_totalprice DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE lineitem (l_linenumber INT, l_orderkey INT, l_partkey INT, l_extendedprice DOUBLE, l_discount DOUBLE)
WITH ('connector' = 'datagen');

SELECT /*+ STATE_TTL('o' = '1d', 'l' = '2d') */ o_orderkey, SUM(l_extendedprice * (1 - l_discount)) AS revenue
FROM orders AS o JOIN lineitem AS l ON o_orderkey = l_orderkey
GROUP BY o_orderkey;
