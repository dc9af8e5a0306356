-- expect: WARN stateful-without-ttl
-- expect-rewrite: temporal-join
-- orders has both a PROCTIME() column and an event-time attribute; rates (datagen) is no lookup source, so the
-- processing-time lookup join is refused by Flink ("Processing-time temporal join is not supported yet") and not
-- shown. rates is versioned (a PRIMARY KEY and a WATERMARK), so the event-time temporal join is, by order_time.
CREATE TABLE orders (
  order_id STRING,
  currency STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  proc_time AS PROCTIME(),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE rates (
  currency STRING,
  rate DOUBLE,
  update_time TIMESTAMP(3),
  WATERMARK FOR update_time AS update_time - INTERVAL '5' SECOND,
  PRIMARY KEY (currency) NOT ENFORCED
) WITH ('connector' = 'datagen', 'rows-per-second' = '1');

SELECT o.order_id, r.rate
FROM orders o
JOIN rates r ON o.currency = r.currency;
