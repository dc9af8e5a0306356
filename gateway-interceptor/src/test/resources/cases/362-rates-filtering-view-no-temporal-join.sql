-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-fix: SET 'table.exec.state.ttl' = '1 d'
-- The rates are read through a view that filters them (rate > 0): Flink refuses an event-time temporal join over
-- it ("Filter is not allowed for right changelog input of event time temporal join, it will corrupt the
-- versioning of data"), so no temporal-join rewrite is shown; the TTL hint is.
CREATE TABLE orders (
  order_id STRING,
  currency STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE rates (
  currency STRING,
  rate DOUBLE,
  update_time TIMESTAMP(3),
  WATERMARK FOR update_time AS update_time - INTERVAL '5' SECOND,
  PRIMARY KEY (currency) NOT ENFORCED
) WITH ('connector' = 'datagen', 'rows-per-second' = '1');

CREATE TEMPORARY VIEW positive_rates AS SELECT currency, rate, update_time FROM rates WHERE rate > 0;

SELECT o.order_id, o.amount * r.rate AS converted
FROM orders AS o
JOIN positive_rates AS r ON o.currency = r.currency;
