-- restore on stock Flink 2.3.0: RESTORED (the filter merges into the projection the source's watermark already needs: the same operators, the window aggregation resumes with its state)
-- expect-guard: OK
CREATE TABLE clicks (user_id INT, region STRING, v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '1' SECOND) WITH ('connector' = 'datagen', 'rows-per-second' = '50', 'fields.user_id.min' = '1', 'fields.user_id.max' = '500', 'fields.region.length' = '1', 'fields.v.min' = '0', 'fields.v.max' = '100');
CREATE TABLE per_window (window_start TIMESTAMP(3), window_end TIMESTAMP(3), user_id INT, n BIGINT) WITH ('connector' = 'blackhole');
INSERT INTO per_window SELECT window_start, window_end, user_id, COUNT(*) FROM TABLE(TUMBLE(TABLE clicks, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) WHERE v > 10 GROUP BY window_start, window_end, user_id;
