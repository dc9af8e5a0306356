-- expect: WARN stateful-without-ttl
-- expect-rewrite: temporal-join
-- expect-fix: JOIN rate_values FOR SYSTEM_TIME AS OF o.order_time AS r ON o.currency = r.currency
-- expect-fix-absent: PRIMARY KEY
-- Case 1113 with rewrites on: orders joined with rate_values, a view that projects rates (PRIMARY KEY (currency), a
-- WATERMARK on update_time). The temporal-join rewrite reads the view as the statement does and plans a TemporalJoin;
-- the fix's way is the same join, which the rule now writes through the view (StatementNames names the view's alias r),
-- asking for no key: the plan's scan of rates keeps its PRIMARY KEY, where the catalog's read of the view has none.
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
  source STRING,
  update_time TIMESTAMP(3),
  WATERMARK FOR update_time AS update_time - INTERVAL '5' SECOND,
  PRIMARY KEY (currency) NOT ENFORCED
) WITH ('connector' = 'datagen', 'rows-per-second' = '1');

CREATE VIEW rate_values AS SELECT currency, rate, update_time FROM rates;

SELECT o.order_id, o.amount * r.rate AS converted
FROM orders AS o
JOIN rate_values AS r ON o.currency = r.currency;
