-- restore on stock Flink 2.3.0: FAILED-AFTER-START (keep-first on processing time keeps a flag, keep-last the row: StateMigrationException "the new state serializer (BooleanSerializer) must not be incompatible with the old state serializer (RowDataSerializer)")
-- expect-guard: BLOCK (the Deduplicate's state maps but the new job keeps a flag where the old kept a row)
CREATE TABLE clicks (user_id INT, region STRING, v INT, ts TIMESTAMP(3), pt AS PROCTIME(), WATERMARK FOR ts AS ts - INTERVAL '1' SECOND) WITH ('connector' = 'datagen', 'rows-per-second' = '50', 'fields.user_id.min' = '1', 'fields.user_id.max' = '500', 'fields.region.length' = '1', 'fields.v.min' = '0', 'fields.v.max' = '100');
CREATE TABLE last_click (user_id INT, v INT, ts TIMESTAMP(3), PRIMARY KEY (user_id) NOT ENFORCED) WITH ('connector' = 'blackhole');
INSERT INTO last_click SELECT user_id, v, ts FROM (SELECT user_id, v, ts, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY pt ASC) AS rn FROM clicks) WHERE rn = 1;
