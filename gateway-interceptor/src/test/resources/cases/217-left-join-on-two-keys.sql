-- expect: WARN stateful-without-ttl
-- A LEFT join on two keys: the finding names both (o.user_id = p.user_id AND o.category = p.category), both
-- sides' tables, and suggests per-side STATE_TTL by the aliases, an interval or a temporal join (both tables have
-- event time), never a window aggregation.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  category STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.user_id.length' = '3');

CREATE TABLE preferences (
  user_id STRING,
  category STRING,
  discount DOUBLE,
  changed_at TIMESTAMP(3),
  WATERMARK FOR changed_at AS changed_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '2', 'fields.user_id.length' = '3');

SELECT o.order_id, o.amount, p.discount
FROM orders AS o
LEFT JOIN preferences AS p ON o.user_id = p.user_id AND o.category = p.category;
