-- restore on stock Flink 2.3.0: FAILED-AFTER-START (the accumulator row lost a field: StateMigrationException when the aggregation opens its state)
-- expect-guard: BLOCK (before any job is submitted: the aggregation's state maps but its accumulators changed)
CREATE TABLE clicks (user_id INT, region STRING, v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '1' SECOND) WITH ('connector' = 'datagen', 'rows-per-second' = '50', 'fields.user_id.min' = '1', 'fields.user_id.max' = '500', 'fields.region.length' = '1', 'fields.v.min' = '0', 'fields.v.max' = '100');
CREATE TABLE per_user_n (user_id INT, n BIGINT, PRIMARY KEY (user_id) NOT ENFORCED) WITH ('connector' = 'blackhole');
INSERT INTO per_user_n SELECT user_id, COUNT(*) FROM clicks GROUP BY user_id;
