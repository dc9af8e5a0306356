-- expect: OK
-- expect-absent: ttl-hint-ignored
-- 941 with a STATE_TTL hint naming each input: Flink gives the MultiJoin's input states 1 d, 2 d and 3 d (its
-- compiled plan), so no state grows forever and there is no finding. Before: WARN ttl-hint-ignored, "reaches no
-- operator" (the guard read a hint's reach from regular joins and aggregations only).
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

SELECT /*+ STATE_TTL('u' = '1 d', 'o' = '2 d', 'p' = '3 d') */ u.user_id_0, u.name, o.order_id, p.payment_id
FROM Users u
LEFT JOIN Orders o ON u.user_id_0 = o.user_id_1
INNER JOIN Payments p ON u.user_id_0 = p.user_id_2;
