-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-fix: Set a state TTL longer than a key (buyer) stays active: SET 'table.exec.state.ttl' = '1 d', or for this aggregation alone /*+ STATE_TTL('pairs' = '1 d') */ on its SELECT
-- expect-fix-absent: STATE_TTL('a' = '1 d') */ on its SELECT.
-- Case 950 in an INSERT: a LEFT self-join in a subquery written without AS (pairs), its key renamed (buyer), the
-- aggregation's keys those of the outer GROUP BY. The fix offered the SET alone; it now offers the hint naming the
-- subquery, which the state-ttl-hint rewrite proves (golden 953).
CREATE TABLE orders (order_id STRING, customer_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE repeat_buyers (buyer STRING, pairs BIGINT, PRIMARY KEY (buyer) NOT ENFORCED)
WITH ('connector' = 'blackhole');

INSERT INTO repeat_buyers
SELECT buyer, COUNT(*)
FROM (
  SELECT a.customer_id AS buyer, b.order_id
  FROM orders AS a
  LEFT JOIN orders AS b ON a.customer_id = b.customer_id AND a.order_id < b.order_id
) pairs
GROUP BY buyer;
