-- restore on stock Flink 2.3.0: RESTORED (the same operators; the rowtime deduplication resumes with the row it kept, the last one, and now keeps the first row after it)
-- expect-guard: WARN (it restores, but the state was kept for keep-last: the kept row of each key is the last one seen, not the first)
CREATE TABLE clicks (user_id INT, region STRING, v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '1' SECOND) WITH ('connector' = 'datagen', 'rows-per-second' = '50', 'fields.user_id.min' = '1', 'fields.user_id.max' = '500', 'fields.region.length' = '1', 'fields.v.min' = '0', 'fields.v.max' = '100');
CREATE TABLE last_click (user_id INT, v INT, ts TIMESTAMP(3), PRIMARY KEY (user_id) NOT ENFORCED) WITH ('connector' = 'blackhole');
INSERT INTO last_click SELECT user_id, v, ts FROM (SELECT user_id, v, ts, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY ts ASC) AS rn FROM clicks) WHERE rn = 1;
