-- restore on stock Flink 2.3.0: RESTORED (a STATE_TTL hint switches a TTL on for both sides of the join; 2.3 migrates the join's state to it, TtlAwareSerializer)
-- expect-guard: OK (on 1.20: BLOCK, it cannot migrate state to a TTL and fails after start)
CREATE TABLE clicks (user_id INT, region STRING, v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '1' SECOND) WITH ('connector' = 'datagen', 'rows-per-second' = '50', 'fields.user_id.min' = '1', 'fields.user_id.max' = '500', 'fields.region.length' = '1', 'fields.v.min' = '0', 'fields.v.max' = '100');
CREATE TABLE users (user_id INT, name STRING) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.user_id.min' = '1', 'fields.user_id.max' = '500');
CREATE TABLE named (user_id INT, name STRING, v INT) WITH ('connector' = 'blackhole');
INSERT INTO named SELECT /*+ STATE_TTL('c' = '1 d', 'u' = '12 h') */ c.user_id, u.name, c.v FROM (SELECT * FROM clicks) AS c JOIN users u ON c.user_id = u.user_id;
