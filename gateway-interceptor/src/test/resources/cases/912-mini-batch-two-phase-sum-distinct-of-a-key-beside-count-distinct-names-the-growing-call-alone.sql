-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-reason: each holding every distinct value of COUNT(DISTINCT user_id) seen for it
-- expect-reason-absent: SUM(DISTINCT amount)
-- Mini-batch two-phase without split: a GlobalGroupAggregate whose "grouping" indexes its local aggregate's output
-- and whose calls read the local aggregate's input ("localAggInputRowType"). SUM(DISTINCT amount) reads a key (one
-- value per shop, amount), COUNT(DISTINCT user_id) does not: the finding names the one that grows, and the hint's
-- changes: line says what the TTL does to each (golden 912).
CREATE TABLE payments (
  shop STRING,
  amount BIGINT,
  user_id BIGINT
) WITH ('connector' = 'datagen');

CREATE TABLE shop_amounts (
  shop STRING,
  amount BIGINT,
  total BIGINT,
  payers BIGINT
) WITH ('connector' = 'blackhole');

SET 'table.exec.mini-batch.enabled' = 'true';
SET 'table.exec.mini-batch.allow-latency' = '1 s';
SET 'table.exec.mini-batch.size' = '100';

INSERT INTO shop_amounts
SELECT shop, amount, SUM(DISTINCT amount), COUNT(DISTINCT user_id)
FROM payments
GROUP BY shop, amount;
