-- expect: WARN stateful-without-ttl
-- Orders joined with their payments, then with their shipments, in one block: Flink plans two joins, the second's
-- left input the first join, which no STATE_TTL key names (QueryHintsResolver#extractAliasOrTableName: no alias, no
-- table scan under it). The first join's fix names its inputs 'o' and 'p'; the second's gives no per-side hint (a SET
-- reaches its left side, no key does).
CREATE TABLE orders (
  order_id STRING,
  amount DOUBLE
) WITH ('connector' = 'datagen');

CREATE TABLE payments (
  order_id STRING,
  paid DOUBLE
) WITH ('connector' = 'datagen');

CREATE TABLE shipments (
  order_id STRING,
  carrier STRING
) WITH ('connector' = 'datagen');

SELECT o.order_id, p.paid, s.carrier
FROM orders AS o
JOIN payments AS p ON o.order_id = p.order_id
LEFT JOIN shipments AS s ON o.order_id = s.order_id;
