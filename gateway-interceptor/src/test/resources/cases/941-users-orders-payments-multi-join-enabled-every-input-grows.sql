-- expect: WARN stateful-without-ttl
-- (The MultiJoin's reason and fix are checked on Flink 2.x by MultiJoinFindingsTest: 1.20 plans binary joins.)
-- Flink's MultiJoinTest (2.x) shape: users, orders and payments joined on the user, with
-- table.optimizer.multi-join.enabled. Flink 2.3.0 plans one MultiJoin (StreamExecMultiJoin) whose compiled plan lists
-- input-state-0, -1 and -2, each at the session's TTL, 0: every row of each input is kept forever. Before: no finding
-- at all, the statement was OK; the guard knew no MultiJoin.
CREATE TABLE Users (
  user_id_0 STRING,
  name STRING,
  cash INT
) WITH ('connector' = 'datagen');

CREATE TABLE Orders (
  user_id_1 STRING,
  order_id STRING,
  product STRING
) WITH ('connector' = 'datagen');

CREATE TABLE Payments (
  user_id_2 STRING,
  payment_id STRING,
  price INT
) WITH ('connector' = 'datagen');

SET 'table.optimizer.multi-join.enabled' = 'true';

SELECT u.user_id_0, u.name, o.order_id, p.payment_id
FROM Users u
LEFT JOIN Orders o ON u.user_id_0 = o.user_id_1
INNER JOIN Payments p ON u.user_id_0 = p.user_id_2;
