-- expect: INFO stateful-without-ttl
-- expect-fix: rates declares PRIMARY KEY (rate_id): where that key names each row rather than the currency its rows are versions of
-- The way case 1001's fix names, proven: rates declares PRIMARY KEY (rate_id), and a view keeping the latest rate per
-- currency (ROW_NUMBER() OVER (PARTITION BY currency ORDER BY update_time DESC) = 1, an event-time deduplication) is a
-- versioned view keyed by currency (Flink docs, "Versioned Views"): the event-time temporal join on currency over it
-- plans; its one finding is the INFO on the deduplication, which the fix keeps (the versioned side).
CREATE TABLE orders (
  order_id STRING,
  currency STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE rates (
  rate_id STRING,
  currency STRING,
  rate DOUBLE,
  update_time TIMESTAMP(3),
  WATERMARK FOR update_time AS update_time - INTERVAL '5' SECOND,
  PRIMARY KEY (rate_id) NOT ENFORCED
) WITH ('connector' = 'datagen', 'rows-per-second' = '1');

CREATE VIEW rates_by_currency AS
SELECT currency, rate, update_time FROM (
  SELECT *, ROW_NUMBER() OVER (PARTITION BY currency ORDER BY update_time DESC) AS rn FROM rates)
WHERE rn = 1;

SELECT o.order_id, o.amount * r.rate AS converted
FROM orders AS o
JOIN rates_by_currency FOR SYSTEM_TIME AS OF o.order_time AS r ON o.currency = r.currency;
