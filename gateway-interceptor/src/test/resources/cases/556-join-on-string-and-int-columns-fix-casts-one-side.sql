-- expect: BLOCK planner-error
-- expect-fix: The join compares VARCHAR(2147483647) with INTEGER values
-- expect-fix: CAST(left AS INTEGER) = right
-- A join whose ON clause compares a STRING column with an INT key (Flink's
-- LookupJoinTest#testJoinOnDifferentKeyTypes): Flink 2.3.0 refuses it ("implicit type conversion between
-- VARCHAR(2147483647) and INTEGER is not supported on join's condition now", JoinConditionTypeCoerceRule).
CREATE TABLE orders (
  order_id STRING,
  customer_ref STRING,
  amount DOUBLE
) WITH ('connector' = 'datagen');

CREATE TABLE customers (
  id INT,
  name STRING
) WITH ('connector' = 'datagen');

SELECT o.order_id, c.name
FROM orders AS o
JOIN customers AS c
ON o.customer_ref = c.id;
