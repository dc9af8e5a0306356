-- restore on stock Flink 2.3.0: NOT-MAPPABLE (mini-batch adds a MiniBatchAssigner after the source and the aggregation becomes a MiniBatchGroupAggregate: the aggregation's place in the job, and so its generated operator id, changes)
-- expect-guard: BLOCK (the savepoint's GroupAggregate state has no operator in the new job)
SET 'table.exec.mini-batch.enabled' = 'true';
SET 'table.exec.mini-batch.allow-latency' = '200 ms';
SET 'table.exec.mini-batch.size' = '100';
CREATE TABLE clicks (user_id INT, region STRING, v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '1' SECOND) WITH ('connector' = 'datagen', 'rows-per-second' = '50', 'fields.user_id.min' = '1', 'fields.user_id.max' = '500', 'fields.region.length' = '1', 'fields.v.min' = '0', 'fields.v.max' = '100');
CREATE TABLE per_user (user_id INT, n BIGINT, total BIGINT, PRIMARY KEY (user_id) NOT ENFORCED) WITH ('connector' = 'blackhole');
INSERT INTO per_user SELECT user_id, COUNT(*), SUM(v) FROM clicks GROUP BY user_id;
