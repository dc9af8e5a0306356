-- expect: OK
-- expect-absent: stateful-without-ttl
-- COUNT, SUM, AVG, MIN and MAX without a GROUP BY over an insert-only source: each accumulator has a constant size
-- (MIN/MAX need no retraction here: aggCallNeedRetractions all false), so the state is one row and a TTL would
-- only reset the totals after an idle spell.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  category STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.user_id.length' = '3');

SELECT COUNT(*) AS order_count, SUM(amount) AS revenue, AVG(amount) AS average, MIN(amount) AS smallest,
       MAX(amount) AS largest
FROM orders;
