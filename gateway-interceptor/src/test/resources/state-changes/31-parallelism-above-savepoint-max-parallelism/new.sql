-- restore on stock Flink 2.3.0: REFUSED (the new job configures no max parallelism, so Flink takes the savepoint's, 1, and then: "The state for task … can not be restored. The maximum parallelism (1) of the restored state is lower than the configured parallelism (2)", StateAssignmentOperation#checkParallelismPreconditions)
-- expect-guard: BLOCK restore-max-parallelism (the parallelism 2 is above the savepoint's max parallelism 1)
SET 'parallelism.default' = '2';
CREATE TABLE clicks (user_id INT, region STRING, v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '1' SECOND) WITH ('connector' = 'datagen', 'rows-per-second' = '50', 'fields.user_id.min' = '1', 'fields.user_id.max' = '500', 'fields.region.length' = '1', 'fields.v.min' = '0', 'fields.v.max' = '100');
CREATE TABLE per_user (user_id INT, n BIGINT, total BIGINT, PRIMARY KEY (user_id) NOT ENFORCED) WITH ('connector' = 'blackhole');
INSERT INTO per_user SELECT user_id, COUNT(*), SUM(v) FROM clicks GROUP BY user_id;
