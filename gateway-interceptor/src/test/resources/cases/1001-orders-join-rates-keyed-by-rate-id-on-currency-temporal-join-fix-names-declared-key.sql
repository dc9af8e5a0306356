-- expect: WARN stateful-without-ttl
-- expect-fix: rates declares PRIMARY KEY (rate_id), which the join does not equate
-- expect-fix: or join in its place a versioned view of rates keyed by currency
-- expect-fix-absent: rates needs PRIMARY KEY (currency)
-- Orders converted with the rate of their currency: rates has an event time (a WATERMARK on update_time) and declares
-- PRIMARY KEY (rate_id), a rate's own id, while the join equates currency. The regular join keeps every order and
-- every rate forever. Before: the fix proposed JOIN rates FOR SYSTEM_TIME AS OF o.order_time ... ON o.currency =
-- r.currency "(rates needs PRIMARY KEY (currency) NOT ENFORCED and its WATERMARK)", without saying that rates declares
-- another key (Flink refuses that temporal join: "Temporal table's primary key [rate_id] must be included in the
-- equivalence condition"). Now it names the declared key and the two ways Flink plans: the join on rate_id, or a
-- versioned view of rates keyed by currency (case 1002 plans it; case 860 shows the refusal).
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

SELECT o.order_id, o.amount * r.rate AS converted
FROM orders AS o
JOIN rates AS r ON o.currency = r.currency;
