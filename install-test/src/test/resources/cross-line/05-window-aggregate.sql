-- restore of its Flink 1.20.0 savepoint on stock Flink 2.3.0: RESTORED (measured 2026-12-02: the 2.3 window aggregation claims the 1.20 window state and runs with it)
-- expect-guard: OK []
SET 'table.exec.state.ttl' = '1 d';
CREATE TABLE clicks (user_id INT, region STRING, v INT, ts TIMESTAMP(3), pt AS PROCTIME(), WATERMARK FOR ts AS ts - INTERVAL '1' SECOND) WITH ('connector' = 'datagen', 'rows-per-second' = '50', 'fields.user_id.min' = '1', 'fields.user_id.max' = '500', 'fields.region.length' = '1', 'fields.v.min' = '0', 'fields.v.max' = '100');
CREATE TABLE per_window (window_start TIMESTAMP(3), window_end TIMESTAMP(3), user_id INT, n BIGINT) WITH ('connector' = 'blackhole');
INSERT INTO per_window SELECT window_start, window_end, user_id, COUNT(*) FROM TABLE(TUMBLE(TABLE clicks, DESCRIPTOR(ts), INTERVAL '10' SECOND)) GROUP BY window_start, window_end, user_id;
