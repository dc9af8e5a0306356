-- expect: OK
-- expect-absent: ttl-hint-ignored, stateful-without-ttl
-- A regular join of two tables declared with a WATERMARK, its STATE_TTL hint naming both aliases with a TTL per
-- input: Flink 2.3 applies 1 d to the orders side and 2 d to the payments side; Flink 1.20 matches no hint to a
-- table with a WATERMARK, by its name or alias, and rejects the query (its rewrite reads each through a subquery
-- of the same name, keeping each input's TTL).
CREATE TABLE orders (
  order_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE payments (
  order_id STRING,
  paid DOUBLE,
  paid_time TIMESTAMP(3),
  WATERMARK FOR paid_time AS paid_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT /*+ STATE_TTL('o' = '1 d', 'p' = '2 d') */ o.order_id, o.amount, p.paid
FROM orders AS o
JOIN payments AS p ON o.order_id = p.order_id;
