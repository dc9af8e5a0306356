-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-fix: Set a state TTL longer than a key (customer_id) stays active: SET 'table.exec.state.ttl' = '1 d', or for this aggregation alone /*+ STATE_TTL('j' = '1 d') */ on its SELECT
-- Case 950 with the self-join in a WITH item (j) that the aggregating SELECT reads by its name: Flink's converter
-- gives the item's query the item's name as its ALIAS hint, so a hint on the aggregating SELECT names j, as the
-- state-ttl-hint rewrite proves; the fix offered the SET alone (golden 954).
CREATE TABLE orders (order_id STRING, customer_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

WITH j AS (
  SELECT a.customer_id
  FROM orders a
  JOIN orders b ON a.customer_id = b.customer_id AND a.order_id <> b.order_id
)
SELECT customer_id, COUNT(*) AS repeat_pairs FROM j GROUP BY customer_id;
