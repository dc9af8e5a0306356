-- expect: BLOCK updates-into-append-only
-- expect-fix: an interval join or a lookup join
-- expect-fix-absent: PRIMARY KEY (
-- Orders LEFT JOIN payments written into a filesystem table: an unmatched order is emitted with NULLs and retracted
-- when its payment arrives ("... doesn't support consuming update and delete changes which is produced by node
-- Join(joinType=[LeftOuterJoin], ...)"). No key is named (a join's output has none the message gives).
CREATE TABLE orders (
  order_id STRING,
  amount DOUBLE
) WITH ('connector' = 'datagen');

CREATE TABLE payments (
  order_id STRING,
  paid DOUBLE
) WITH ('connector' = 'datagen');

CREATE TABLE order_payments (
  order_id STRING,
  amount DOUBLE,
  paid DOUBLE
) WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-542', 'format' = 'csv');

INSERT INTO order_payments
SELECT o.order_id, o.amount, p.paid FROM orders o LEFT JOIN payments p ON o.order_id = p.order_id;
