-- expect: WARN ttl-hint-ignored
-- The view's STATE_TTL hint sits on a deduplication's block (ROW_NUMBER ... WHERE rn = 1 by the rowtime plans a
-- Deduplicate, which a STATE_TTL hint never reaches), and the query over the view counts per category in
-- windows: no operator gets the hint's 1 h (the Deduplicate runs under the session TTL, 1 d). Flink drops the hint
-- without a word; the guard says so where the view is used.
SET 'table.exec.state.ttl' = '1 d';

CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  category STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.user_id.length' = '3');

CREATE TEMPORARY VIEW latest_orders AS
SELECT /*+ STATE_TTL('orders' = '1 h') */ order_id, user_id, category, amount, order_time FROM (
  SELECT *, ROW_NUMBER() OVER (PARTITION BY order_id ORDER BY order_time DESC) AS rn FROM orders
) WHERE rn = 1;

SELECT category, COUNT(*) AS orders_seen FROM latest_orders GROUP BY category;
