-- expect: BLOCK ttl-not-a-table-option
-- A vendor-style TTL key on the sink: the INSERT fails under 'Unable to create a sink for writing table'.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE user_totals (user_id STRING, total DOUBLE) WITH ('connector' = 'blackhole', 'state.ttl.left' = '12 h');

INSERT INTO user_totals SELECT user_id, SUM(amount) FROM orders GROUP BY user_id;
