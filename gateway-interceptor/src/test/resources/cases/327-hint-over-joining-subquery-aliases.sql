-- expect: BLOCK ttl-hint-ignored
-- expect-reason: 'o'
-- expect-reason-absent: 't'
-- A hint on the aggregation over a subquery that joins, naming the alias 'o' of a table inside it: the
-- aggregation's input is the subquery 't'. Flink refuses 'o'; the message names 'o', not 't'.
CREATE TABLE orders (order_id STRING, user_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE users (user_id STRING, region STRING) WITH ('connector' = 'datagen');

SELECT /*+ STATE_TTL('o' = '1 d') */ region, SUM(amount) AS total
FROM (SELECT u.region, o.amount FROM orders o JOIN users u ON o.user_id = u.user_id) t
GROUP BY region;
