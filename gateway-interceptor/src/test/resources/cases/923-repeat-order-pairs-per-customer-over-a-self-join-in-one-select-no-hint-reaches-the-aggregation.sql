-- expect: WARN stateful-without-ttl
-- expect-fix: Set a state TTL longer than a key (customer_id) stays active: SET 'table.exec.state.ttl' = '1 d'.
-- expect-fix: Bound the join's state with a TTL longer than a row must wait for its match: SET 'table.exec.state.ttl' = '1 d', or per side on the join's SELECT: /*+ STATE_TTL('a' = '1 d', 'b' = '1 d') */.
-- Pairs of a customer's orders counted per customer, orders read twice under two names (a self-join, a and b) and
-- aggregated in the joining SELECT. No STATE_TTL hint reaches this aggregation: Flink matches a hint to an aggregation
-- by the name of its input in the hinted SELECT (QueryHintsResolver#extractAliasOrTableName), and its input is the
-- join, which has none; a hint naming a and b on that SELECT reaches the join's two inputs only (case 924 is the shape
-- where each aggregation reads orders under a name of its own, and gets its hint). So the aggregation's fix is the SET
-- alone, and the join's the per-side hint; the hint rewrite says the two operators then expire at different times.
CREATE TABLE orders (order_id STRING, customer_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

SELECT a.customer_id, COUNT(*) AS repeat_pairs
FROM orders a
JOIN orders b ON a.customer_id = b.customer_id AND a.order_id <> b.order_id
GROUP BY a.customer_id;
