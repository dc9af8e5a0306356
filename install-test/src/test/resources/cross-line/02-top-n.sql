-- restore of its Flink 1.20.0 savepoint on stock Flink 2.3.0: RESTORED (measured 2026-12-02: the 2.3 job claims the 1.20 state and runs with it)
-- expect-guard: OK []
SET 'table.exec.state.ttl' = '1 d';
CREATE TABLE clicks (user_id INT, region STRING, v INT, ts TIMESTAMP(3), pt AS PROCTIME(), WATERMARK FOR ts AS ts - INTERVAL '1' SECOND) WITH ('connector' = 'datagen', 'rows-per-second' = '50', 'fields.user_id.min' = '1', 'fields.user_id.max' = '500', 'fields.region.length' = '1', 'fields.v.min' = '0', 'fields.v.max' = '100');
CREATE TABLE top_clicks (user_id INT, v INT, ts TIMESTAMP(3), rn BIGINT, PRIMARY KEY (user_id, rn) NOT ENFORCED) WITH ('connector' = 'blackhole');
INSERT INTO top_clicks SELECT user_id, v, ts, rn FROM (SELECT user_id, v, ts, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY v DESC) AS rn FROM clicks) WHERE rn <= 3;
