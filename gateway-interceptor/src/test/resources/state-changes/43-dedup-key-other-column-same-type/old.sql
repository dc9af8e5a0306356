CREATE TABLE clicks (user_id INT, item_id INT, v INT, ts TIMESTAMP(3), pt AS PROCTIME()) WITH ('connector' = 'datagen', 'rows-per-second' = '50', 'fields.user_id.min' = '1', 'fields.user_id.max' = '500', 'fields.item_id.min' = '1', 'fields.item_id.max' = '500', 'fields.v.min' = '0', 'fields.v.max' = '100');
CREATE TABLE first_click (k INT, v INT, ts TIMESTAMP(3), PRIMARY KEY (k) NOT ENFORCED) WITH ('connector' = 'blackhole');
INSERT INTO first_click SELECT user_id, v, ts FROM (SELECT user_id, v, ts, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY pt ASC) AS rn FROM clicks) WHERE rn = 1;
