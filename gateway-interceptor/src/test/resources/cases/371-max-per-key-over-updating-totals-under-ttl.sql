-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint session-state-ttl
-- The largest customer total per region: a MAX per key over an updating input (the inner GROUP BY retracts its old
-- totals), so Flink builds MaxWithRetractAggFunction, which keeps every total it may fall back to in a MapView, one
-- map-state entry each. A state TTL expires each entry on its own while the region lives on: a rewrite that sets one
-- says that a total not updated for the TTL is forgotten (its retraction lost, the MAX can keep a wrong value), as
-- it says for a DISTINCT aggregate. The inner aggregation (SUM per customer) is reported too.
CREATE TABLE orders (
  order_id STRING,
  customer_id STRING,
  region STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.customer_id.length' = '3',
        'fields.region.length' = '1');

SELECT region, MAX(total) AS top_total
FROM (
  SELECT customer_id, region, SUM(amount) AS total
  FROM orders
  GROUP BY customer_id, region
) AS t
GROUP BY region;
