-- expect: WARN stateful-without-ttl
-- expect-reason: keeps an accumulator per device_id
-- expect-reason: (COUNT(DISTINCT device_id) keeps one value per entry: it reads grouping keys alone)
-- expect-reason-absent: bucket
-- expect-reason-absent: however few the keys
-- Split-distinct with mini-batch two-phase: Flink fuses the partial aggregation with the final one's local phase in
-- an IncrementalGroupAggregate (partialAggGrouping=[device_id], no bucket: the DISTINCT call reads the key). Its calls
-- ("partialOriginalAggCalls") read the local aggregate's input, mapped through the local grouping to find the key.
CREATE TABLE readings (
  device_id STRING,
  reading DOUBLE
) WITH ('connector' = 'datagen');

SET 'table.exec.mini-batch.enabled' = 'true';
SET 'table.exec.mini-batch.allow-latency' = '1 s';
SET 'table.exec.mini-batch.size' = '100';
SET 'table.optimizer.agg-phase-strategy' = 'TWO_PHASE';
SET 'table.optimizer.distinct-agg.split.enabled' = 'true';

SELECT device_id, COUNT(DISTINCT device_id), MAX(reading) FROM readings GROUP BY device_id;
