-- expect: WARN stateful-without-ttl
-- expect-fix: Set a state TTL longer than a key (customer_id) stays active: SET 'table.exec.state.ttl' = '1 d', or for this aggregation alone /*+ STATE_TTL('j' = '1 d') */ on its SELECT
-- Case 923's pairs of a customer's orders counted per customer, the self-join (orders a, orders b) now in a subquery
-- with an alias (j) that the aggregating SELECT reads. The aggregation's input is the join, so no table name gave it a
-- hint and its fix offered the SET alone; but Flink matches a hint on the aggregating SELECT to the subquery's alias
-- (QueryHintsResolver#extractAliasOrTableName reads the ALIAS hint on the subquery's top node), which the
-- state-ttl-hint rewrite proves: the fix now offers STATE_TTL('j' = ...) (golden 950).
CREATE TABLE orders (order_id STRING, customer_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

SELECT j.customer_id, COUNT(*) AS repeat_pairs
FROM (
  SELECT a.customer_id
  FROM orders a
  JOIN orders b ON a.customer_id = b.customer_id AND a.order_id <> b.order_id
) AS j
GROUP BY j.customer_id;
