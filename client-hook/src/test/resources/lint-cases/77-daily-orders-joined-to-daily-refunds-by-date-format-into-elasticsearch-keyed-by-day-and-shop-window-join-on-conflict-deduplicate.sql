-- expect: WARN stateful-without-ttl
-- expect-rewrite: window-join
-- expect-absent: on-conflict-required
-- expect-changes: ON CONFLICT DO DEDUPLICATE, as Flink 2.3 refuses a window join into daily_net, keyed by order_day, shop, without an ON CONFLICT clause
-- Daily order totals per shop joined to the day's refund totals per shop, the day written DATE_FORMAT(..., 'yyyy-MM-dd'),
-- into an Elasticsearch index keyed by the day and the shop (an upsert sink whatever rows reach it): the join's upsert
-- key is the sink's, so the statement plans without an ON CONFLICT clause. Its window join does not: Flink 2.3 derives
-- no upsert key for a window aggregation (FlinkRelMdUpsertKeys has no case for StreamPhysicalWindowAggregate), so none
-- for the window join of two, and FLIP-558's check asks for a clause, as it did of lint case 80's window aggregation. The window-join rewrite ends with ON CONFLICT DO DEDUPLICATE, which over the window join's inserts plans
-- no upsert materializer (FlinkChangelogModeInferenceProgram), and its changes: line says why. Before: the join was
-- offered the TTL alone. Into a blackhole sink keyed alike no clause is needed: over inserts it is an append sink,
-- which Flink does not check. Flink 2.3 only (no ON CONFLICT clause before 2.3).
CREATE TABLE orders (
  shop STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.shop.length' = '2');

CREATE TABLE refunds (
  shop STRING,
  refund DOUBLE,
  refunded_at TIMESTAMP(3),
  WATERMARK FOR refunded_at AS refunded_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '2', 'fields.shop.length' = '2');

CREATE TABLE daily_net (
  order_day STRING,
  shop STRING,
  sold DOUBLE,
  refunded DOUBLE,
  PRIMARY KEY (order_day, shop) NOT ENFORCED
) WITH (
  'connector' = 'elasticsearch-7',
  'hosts' = 'http://elasticsearch:9200',
  'index' = 'daily_net'
);

INSERT INTO daily_net
SELECT o.order_day, o.shop, o.sold, r.refunded
FROM (
  SELECT DATE_FORMAT(order_time, 'yyyy-MM-dd') AS order_day, shop, SUM(amount) AS sold
  FROM orders
  GROUP BY DATE_FORMAT(order_time, 'yyyy-MM-dd'), shop
) AS o
JOIN (
  SELECT DATE_FORMAT(refunded_at, 'yyyy-MM-dd') AS order_day, shop, SUM(refund) AS refunded
  FROM refunds
  GROUP BY DATE_FORMAT(refunded_at, 'yyyy-MM-dd'), shop
) AS r ON o.order_day = r.order_day AND o.shop = r.shop;
