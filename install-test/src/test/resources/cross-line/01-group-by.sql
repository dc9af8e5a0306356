-- restore of its Flink 1.20.0 savepoint on stock Flink 2.3.0: RESTORED (measured 2026-12-02: the 2.3 job claims the 1.20 state and runs with it)
-- expect-guard: OK []
SET 'table.exec.state.ttl' = '1 d';
CREATE TABLE clicks (user_id INT, region STRING, v INT, ts TIMESTAMP(3), pt AS PROCTIME(), WATERMARK FOR ts AS ts - INTERVAL '1' SECOND) WITH ('connector' = 'datagen', 'rows-per-second' = '50', 'fields.user_id.min' = '1', 'fields.user_id.max' = '500', 'fields.region.length' = '1', 'fields.v.min' = '0', 'fields.v.max' = '100');
CREATE TABLE per_user (user_id INT, n BIGINT, total BIGINT, PRIMARY KEY (user_id) NOT ENFORCED) WITH ('connector' = 'blackhole');
INSERT INTO per_user SELECT user_id, COUNT(*), SUM(v) FROM clicks GROUP BY user_id;
