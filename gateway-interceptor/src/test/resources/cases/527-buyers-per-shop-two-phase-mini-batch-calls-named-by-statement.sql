-- expect: WARN stateful-without-ttl
-- expect-reason: every distinct value of COUNT(DISTINCT user_id) seen for it
-- expect-reason-absent: COUNT(DISTINCT COUNT(
-- Buyers, best and all-time totals per shop over each buyer's total, with mini-batch on: Flink plans each
-- aggregation in two phases (LocalGroupAggregate, Exchange, GlobalGroupAggregate). The global aggregate's calls read
-- the columns of the local aggregate's input (localAggInputRowType, StreamExecGlobalGroupAggregate); they were named
-- by the local aggregate's output, and the finding said "COUNT(DISTINCT COUNT(DISTINCT user_id))" and the rewrites'
-- changes: lines "MAX(MAX(total))". Now the statement's own COUNT(DISTINCT user_id) and MAX(total).
SET 'table.exec.mini-batch.enabled' = 'true';
SET 'table.exec.mini-batch.allow-latency' = '1 s';
SET 'table.exec.mini-batch.size' = '1000';

CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  shop STRING,
  amount DOUBLE
) WITH ('connector' = 'datagen');

SELECT shop, COUNT(DISTINCT user_id) AS buyers, MAX(total) AS top_total, SUM(total) AS all_total
FROM (SELECT shop, user_id, SUM(amount) AS total FROM orders GROUP BY shop, user_id)
GROUP BY shop;
