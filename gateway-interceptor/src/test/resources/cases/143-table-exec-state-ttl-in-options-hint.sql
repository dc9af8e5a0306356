-- expect: BLOCK ttl-not-a-table-option
-- expect-rewrite: ttl-as-job-setting
-- The job's TTL key written into an OPTIONS hint on one side of a join: datagen refuses the option,
-- and the diagnosis names the hinted table and the key.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE users (user_id STRING, country STRING) WITH ('connector' = 'datagen', 'rows-per-second' = '1');

SELECT o.order_id, u.country
FROM orders AS o
JOIN users /*+ OPTIONS('table.exec.state.ttl' = '1 d') */ AS u ON o.user_id = u.user_id;
