-- expect: WARN stateful-without-ttl
-- expect-fix: /*+ STATE_TTL('o' = '1 d', 'r' = '1 d') */
-- expect-fix-absent: FOR SYSTEM_TIME AS OF
-- Case 1113 with a view that filters rates (WHERE source = 'ECB'). Flink 2.3.0 refuses the temporal join of it
-- ("Filter is not allowed for right changelog input of event time temporal join, it will corrupt the versioning of
-- data", EventTimeTemporalJoinRewriteRule), and a temporal join of rates in its place would drop the filter: no
-- temporal way is offered, the hint names the view's alias r, which Flink matches.
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

CREATE VIEW ecb_rates AS SELECT currency, rate, update_time FROM rates WHERE source = 'ECB';

SELECT o.order_id, o.amount * r.rate AS converted
FROM orders AS o
JOIN ecb_rates AS r ON o.currency = r.currency;
