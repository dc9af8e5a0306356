-- expect: BLOCK sort-non-time
-- expect-rewrite: bounded-sort
-- A sort of every order by its sequence number, which only grows. ORDER BY ... LIMIT keeps only the first rows
-- by it: ascending by a column that only grows, the result stops changing once it has them. The changes line
-- says that, not "updated as rows arrive".
CREATE TABLE orders (
  seq BIGINT,
  user_id STRING,
  amount DOUBLE
) WITH ('connector' = 'datagen', 'fields.seq.kind' = 'sequence', 'fields.seq.start' = '1', 'fields.seq.end' = '1000000');

SELECT seq, user_id, amount
FROM orders
ORDER BY seq ASC;
