-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint session-state-ttl
-- expect-fix: per side on the join's SELECT: /*+ STATE_TTL('co' = '1 d', 'p' = '1 d') */
-- The same conversion in a view (an event-time temporal join), read under the alias co and joined with payments.
-- Flink names the join's left input by the alias of the view (QueryHintsResolver#extractAliasOrTableName), as the
-- state-ttl-hint rewrite writes: STATE_TTL('co', 'p'). The fix gave no per-side hint: the view's name matched no
-- side of the plan, whose left side reads the tables under the view.
CREATE TABLE orders (
  order_id STRING,
  currency STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE rates (
  currency STRING,
  rate DOUBLE,
  update_time TIMESTAMP(3),
  WATERMARK FOR update_time AS update_time - INTERVAL '5' SECOND,
  PRIMARY KEY (currency) NOT ENFORCED
) WITH ('connector' = 'datagen');

CREATE TABLE payments (
  order_id STRING,
  paid DOUBLE
) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW converted_orders AS
SELECT o.order_id, o.amount * r.rate AS amount_eur
FROM orders AS o
JOIN rates FOR SYSTEM_TIME AS OF o.order_time AS r ON o.currency = r.currency;

SELECT co.order_id, co.amount_eur, p.paid
FROM converted_orders AS co
JOIN payments AS p ON co.order_id = p.order_id;
