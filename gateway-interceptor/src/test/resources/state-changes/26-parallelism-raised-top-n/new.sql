-- restore on stock Flink 2.3.0: RESTORED (parallelism 1 to 2: the same generated operator ids; the Rank's keyed state is redistributed by key group, max parallelism 128 as in the savepoint)
-- expect-guard: OK
SET 'parallelism.default' = '2';
SET 'table.exec.state.ttl' = '1 d';
CREATE TABLE clicks (user_id INT, region STRING, v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '1' SECOND) WITH ('connector' = 'datagen', 'rows-per-second' = '50', 'fields.user_id.min' = '1', 'fields.user_id.max' = '500', 'fields.region.length' = '1', 'fields.v.min' = '0', 'fields.v.max' = '100');
CREATE TABLE top_clicks (user_id INT, v INT, ts TIMESTAMP(3), rn BIGINT, PRIMARY KEY (user_id, rn) NOT ENFORCED) WITH ('connector' = 'blackhole');
INSERT INTO top_clicks SELECT user_id, v, ts, rn FROM (SELECT user_id, v, ts, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY v DESC) AS rn FROM clicks) WHERE rn <= 3;
