-- restore on stock Flink 2.3.0: RESTORED (the same operators and key types: the join resumes with each side's rows stored under the old key's values)
-- expect-guard: WARN (it restores, but the left side's restored rows are stored by user_id and now looked up by v)
CREATE TABLE clicks (user_id INT, region STRING, v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '1' SECOND) WITH ('connector' = 'datagen', 'rows-per-second' = '50', 'fields.user_id.min' = '1', 'fields.user_id.max' = '500', 'fields.region.length' = '1', 'fields.v.min' = '0', 'fields.v.max' = '100');
CREATE TABLE users (user_id INT, name STRING) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.user_id.min' = '1', 'fields.user_id.max' = '500');
CREATE TABLE named (user_id INT, name STRING, v INT) WITH ('connector' = 'blackhole');
INSERT INTO named SELECT c.user_id, u.name, c.v FROM clicks c JOIN users u ON c.v = u.user_id;
