-- restore on stock Flink 2.3.0: RESTORED (parallelism 1 to 2: the same generated operator ids, keyed state redistributed by key group; the max parallelism stays the savepoint's, 128, Flink's default for both)
-- expect-guard: OK
SET 'parallelism.default' = '2';
CREATE TABLE clicks (user_id INT, region STRING, v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '1' SECOND) WITH ('connector' = 'datagen', 'rows-per-second' = '50', 'fields.user_id.min' = '1', 'fields.user_id.max' = '500', 'fields.region.length' = '1', 'fields.v.min' = '0', 'fields.v.max' = '100');
CREATE TABLE per_user (user_id INT, n BIGINT, total BIGINT, PRIMARY KEY (user_id) NOT ENFORCED) WITH ('connector' = 'blackhole');
INSERT INTO per_user SELECT user_id, COUNT(*), SUM(v) FROM clicks GROUP BY user_id;
