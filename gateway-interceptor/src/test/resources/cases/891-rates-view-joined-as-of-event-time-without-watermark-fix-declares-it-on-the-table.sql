-- expect: BLOCK temporal-join-not-versioned
-- expect-reason: reads the view positive_rates (over rates) AS OF o.order_time
-- expect-reason: no WATERMARK of rates that it selects
-- expect-fix: ALTER TABLE rates ADD WATERMARK FOR that column AS that column), and select that column and the PRIMARY KEY columns in the view positive_rates
-- expect-fix-absent: ALTER TABLE positive_rates
-- An event-time temporal join AS OF a view over a keyed table without a WATERMARK. The fix proposed ALTER TABLE on the
-- view, which has no WATERMARK of its own to declare: the WATERMARK goes on the table it reads, and the view keeps it
-- where it selects the column.
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
  PRIMARY KEY (currency) NOT ENFORCED
) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW positive_rates AS SELECT currency, rate, update_time FROM rates WHERE rate > 0;

SELECT o.order_id, o.amount * r.rate AS converted
FROM orders AS o
JOIN positive_rates FOR SYSTEM_TIME AS OF o.order_time AS r
ON o.currency = r.currency;
