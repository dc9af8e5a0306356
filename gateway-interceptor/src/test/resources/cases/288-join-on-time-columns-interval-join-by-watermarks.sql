-- expect: WARN stateful-without-ttl
-- expect-rewrite: watermark state-ttl-hint
-- expect-fix: Declare order_time as event time in orders (WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND) and ship_time as event time in shipments (WATERMARK FOR ship_time AS ship_time - INTERVAL '5' SECOND): the join as written is then an interval join
-- A regular join whose condition bounds shipments to 4 hours after their order, on plain TIMESTAMP(3)
-- columns (no WATERMARK on either table): Flink plans a regular Join that keeps both sides forever. The
-- structural rewrite, before the TTL hint, declares each table's WATERMARK (ALTER TABLE ... ADD WATERMARK,
-- the DDL change stated) and keeps the statement as written: an IntervalJoin, whose rows are freed once the
-- watermark passes the 4-hour bound; its changes: line says late rows are dropped and the output is append-only.
CREATE TABLE orders (
  order_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3)
) WITH ('connector' = 'datagen');

CREATE TABLE shipments (
  order_id STRING,
  carrier STRING,
  ship_time TIMESTAMP(3)
) WITH ('connector' = 'datagen');

SELECT o.order_id, o.amount, s.carrier, s.ship_time
FROM orders o
JOIN shipments s
  ON o.order_id = s.order_id
 AND s.ship_time BETWEEN o.order_time AND o.order_time + INTERVAL '4' HOUR;
