-- expect: OK
-- expect-absent: stateful-without-ttl planner-error
-- Case 1113's fix as written: the event-time temporal join of rate_values, the view that projects rates (PRIMARY KEY
-- (currency), a WATERMARK on update_time). Flink 2.3.0 plans a TemporalJoin: it versions the view by the key and the
-- event time of the table its scan reads, and frees the versions the watermark passes.
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
JOIN rate_values FOR SYSTEM_TIME AS OF o.order_time AS r ON o.currency = r.currency;
