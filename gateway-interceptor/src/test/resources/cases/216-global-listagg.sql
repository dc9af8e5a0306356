-- expect: WARN stateful-without-ttl
-- A global LISTAGG collects every user_id into one string that grows with every row: no GROUP BY, yet not
-- constant state.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  category STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.user_id.length' = '3');

SELECT LISTAGG(user_id) AS all_buyers FROM orders;
