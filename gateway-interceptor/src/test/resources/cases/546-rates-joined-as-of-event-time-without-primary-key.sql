-- expect: BLOCK temporal-join-not-versioned
-- expect-fix: Declare the PRIMARY KEY of currency_rates on the columns the join condition equates with the other side
-- The same event-time temporal join where the rates table has a WATERMARK but no PRIMARY KEY: Flink refuses it
-- ("Temporal Table Join requires primary key in versioned table, but no primary key can be found. The physical plan
-- is: ...", TemporalJoinRewriteWithUniqueKeyRule).
CREATE TABLE orders (
  order_id STRING,
  currency STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE currency_rates (
  currency STRING,
  rate DOUBLE,
  update_time TIMESTAMP(3),
  WATERMARK FOR update_time AS update_time
) WITH ('connector' = 'datagen');

SELECT o.order_id, o.amount * r.rate AS converted
FROM orders AS o
JOIN currency_rates FOR SYSTEM_TIME AS OF o.order_time AS r
ON o.currency = r.currency;
