-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint session-state-ttl
-- Orders converted at the rate valid at their time (an event-time temporal join in a subquery, TemporalJoinTest's
-- Orders and RatesHistoryWithPK) joined with their payments (a regular join outside). The state-ttl-hint rewrite
-- hints the block that joins regularly: STATE_TTL('c', 'p'). It used to hint the subquery too (STATE_TTL('o', 'r')),
-- which Flink drops without a word (StreamExecTemporalJoin reads the job's TTL, no hint), and its changes: line
-- listed that hint as if the temporal join kept each row 1 d after it was stored (issue 30 §1).
CREATE TABLE Orders (
  order_id STRING,
  amount INT,
  currency STRING,
  rowtime TIMESTAMP(3),
  WATERMARK FOR rowtime AS rowtime
) WITH ('connector' = 'datagen');

CREATE TABLE RatesHistoryWithPK (
  currency STRING,
  rate INT,
  rowtime TIMESTAMP(3),
  WATERMARK FOR rowtime AS rowtime,
  PRIMARY KEY (currency) NOT ENFORCED
) WITH ('connector' = 'datagen');

CREATE TABLE payments (
  order_id STRING,
  paid DOUBLE
) WITH ('connector' = 'datagen');

CREATE TABLE paid_orders (
  order_id STRING,
  converted INT,
  paid DOUBLE
) WITH ('connector' = 'blackhole');

INSERT INTO paid_orders
SELECT c.order_id, c.converted, p.paid
FROM (
  SELECT o.order_id, o.amount * r.rate AS converted
  FROM Orders AS o
  JOIN RatesHistoryWithPK FOR SYSTEM_TIME AS OF o.rowtime AS r ON o.currency = r.currency
) AS c
JOIN payments AS p ON c.order_id = p.order_id;
