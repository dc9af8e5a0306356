-- expect: BLOCK reserved-word-name
-- expect-rewrite: quoted-names
-- expect-reason: value is a reserved word of Flink's SQL parser
-- expect-fix: `value`
-- A subquery names its amount value and the outer query reads and filters it by that name, on later lines: the parser
-- stops at each use in turn, so the diagnosis quotes the first, parses again, quotes the next, until the statement
-- parses (three uses, all quoted in the rewrite, the layout kept).
CREATE TABLE orders (
  order_id STRING,
  amount DOUBLE
) WITH ('connector' = 'datagen');

SELECT order_id, value
FROM (SELECT order_id, amount * 1.2 AS value FROM orders)
WHERE value > 100;
