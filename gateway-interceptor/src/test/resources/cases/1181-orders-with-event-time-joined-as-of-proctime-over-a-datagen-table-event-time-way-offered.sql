-- expect: BLOCK temporal-join-not-versioned
-- expect-fix: Read rates through a connector that is a lookup source
-- expect-fix: or join it as of event time: FOR SYSTEM_TIME AS OF the other side's event-time attribute
-- Orders that carry an event time (a WATERMARK on order_time) beside a PROCTIME() column, joined FOR SYSTEM_TIME AS
-- OF the processing time over a datagen table: Flink refuses it ("Processing-time temporal join is not supported
-- yet."). Here both ways out apply as the tables stand: a lookup source for rates, or an event-time temporal join as
-- of order_time once rates is a versioned table. Beside 547 and 1178, whose orders have no event time and whose fix
-- offers no event-time join (FlinkLogicalSnapshot: FOR SYSTEM_TIME AS OF takes the left table's time attribute).
CREATE TABLE orders (
  order_id BIGINT,
  currency STRING,
  amount DECIMAL(10, 2),
  order_time TIMESTAMP(3),
  proc_time AS PROCTIME(),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE rates (
  currency STRING,
  rate DECIMAL(10, 4),
  PRIMARY KEY (currency) NOT ENFORCED
) WITH ('connector' = 'datagen');

SELECT o.order_id, o.amount * r.rate AS converted
FROM orders AS o
JOIN rates FOR SYSTEM_TIME AS OF o.proc_time AS r
ON o.currency = r.currency;
