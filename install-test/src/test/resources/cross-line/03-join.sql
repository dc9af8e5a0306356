-- restore of its Flink 1.20.0 savepoint on stock Flink 2.3.0: RESTORED (measured 2026-12-02: the 2.3 job claims the 1.20 state and runs with it)
-- expect-guard: OK []
SET 'table.exec.state.ttl' = '1 d';
CREATE TABLE clicks (user_id INT, region STRING, v INT, ts TIMESTAMP(3), pt AS PROCTIME(), WATERMARK FOR ts AS ts - INTERVAL '1' SECOND) WITH ('connector' = 'datagen', 'rows-per-second' = '50', 'fields.user_id.min' = '1', 'fields.user_id.max' = '500', 'fields.region.length' = '1', 'fields.v.min' = '0', 'fields.v.max' = '100');
CREATE TABLE users (user_id INT, name STRING) WITH ('connector' = 'datagen', 'rows-per-second' = '20', 'fields.user_id.min' = '1', 'fields.user_id.max' = '500', 'fields.name.length' = '4');
CREATE TABLE named_clicks (user_id INT, name STRING, v INT) WITH ('connector' = 'blackhole');
INSERT INTO named_clicks SELECT c.user_id, u.name, c.v FROM clicks AS c JOIN users AS u ON c.user_id = u.user_id;
