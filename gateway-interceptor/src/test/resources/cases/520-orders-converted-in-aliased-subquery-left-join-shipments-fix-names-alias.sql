-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint session-state-ttl
-- expect-fix: per side on the join's SELECT: /*+ STATE_TTL('x' = '1 d', 's' = '1 d') */
-- expect-reason: (left: the subquery x over orders and rates, right: shipments)
-- Orders converted at the rate valid at their time (an event-time temporal join in a subquery aliased x), LEFT
-- joined with their shipments. Flink names the regular join's inputs by the subquery's alias and the table's
-- (QueryHintsResolver#extractAliasOrTableName): STATE_TTL('x', 's'), as the state-ttl-hint rewrite writes. The
-- fix named 'o' (the table under the temporal join) and the reason listed "left: orders, rates": the subquery's
-- tables were read with the column of its FOR SYSTEM_TIME AS OF (o.order_time) among them, so it matched no side.
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

CREATE TABLE shipments (
  order_id STRING,
  carrier STRING
) WITH ('connector' = 'datagen');

SELECT x.order_id, x.amount_eur, s.carrier
FROM (
  SELECT o.order_id, o.amount * r.rate AS amount_eur
  FROM orders AS o
  JOIN rates FOR SYSTEM_TIME AS OF o.order_time AS r ON o.currency = r.currency
) AS x
LEFT JOIN shipments AS s ON x.order_id = s.order_id;
