-- expect: WARN stateful-without-ttl
-- expect-fix: a STATE_TTL hint does not reach the aggregation Flink builds for the EXCEPT, on any SELECT
-- Case 851's EXCEPT with the word distinct in a string literal of its second query. The aggregation Flink adds to
-- an EXCEPT was told from a DISTINCT of the statement by a word match on its text, so the literal hid it and the fix
-- lost its note; a DISTINCT is now read from the statement's tree (SqlFacts#distinct).
CREATE TABLE orders (
  order_id STRING,
  amount DOUBLE
) WITH ('connector' = 'datagen');

CREATE TABLE refunds (
  order_id STRING,
  note STRING
) WITH ('connector' = 'datagen');

SELECT order_id FROM orders WHERE amount > 0
EXCEPT
SELECT order_id FROM refunds WHERE note <> 'distinct';
