-- expect: WARN stateful-without-ttl
-- expect-fix: keeps coming back to its key (merchant), or only where a value counted again is acceptable: a TTL expires each distinct value of a key and bucket
-- expect-fix-absent: stays active: SET 'table.exec.state.ttl' = '1 d', or for this aggregation alone
-- Split-distinct with mini-batch two-phase: the partial aggregation is fused with the final one's local phase in an
-- IncrementalGroupAggregate (partialAggGrouping=[merchant, $f2]), which keeps the DISTINCT values per key and bucket
-- under the TTL (MiniBatchIncrementalGroupAggFunction). Its fix said "longer than a key (merchant) stays active".
CREATE TABLE payments (
  merchant STRING,
  payer STRING,
  amount DOUBLE
) WITH ('connector' = 'datagen');

SET 'table.exec.mini-batch.enabled' = 'true';
SET 'table.exec.mini-batch.allow-latency' = '1 s';
SET 'table.exec.mini-batch.size' = '100';
SET 'table.optimizer.agg-phase-strategy' = 'TWO_PHASE';
SET 'table.optimizer.distinct-agg.split.enabled' = 'true';

SELECT merchant, COUNT(DISTINCT payer) AS payers, SUM(amount) AS total FROM payments GROUP BY merchant;
