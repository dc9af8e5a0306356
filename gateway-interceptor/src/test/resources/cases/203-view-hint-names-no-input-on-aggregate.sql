-- expect: BLOCK ttl-hint-ignored
-- The view's hint names 'o', which is no input of the view's aggregating SELECT (it reads orders without an
-- alias). Flink accepts the view and refuses every query over it: "The options of following hints cannot match
-- the name of input tables or views: `o` in `STATE_TTL`". The guard diagnoses it although the query itself
-- carries no hint, and says the hint is in a view it reads.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  category STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.user_id.length' = '3');

CREATE TEMPORARY VIEW user_totals AS
SELECT /*+ STATE_TTL('o' = '1 d') */ user_id, SUM(amount) AS total FROM orders GROUP BY user_id;

SELECT user_id, total FROM user_totals WHERE total > 100;
