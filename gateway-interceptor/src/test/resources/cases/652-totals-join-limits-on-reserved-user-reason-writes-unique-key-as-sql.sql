-- expect: WARN stateful-without-ttl
-- expect-reason: one row of the left input (its unique key (`user`) lies within the join key)
-- expect-reason-absent: unique key (user)
-- Each user's running total joined with their limit, the join key a reserved word: the reason wrote the join
-- condition as SQL (totals.`user` = l.`user`) but the unique key each side keeps bare, "(user)".
CREATE TABLE payments (
  `user` STRING,
  amount DOUBLE
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE limits (
  `user` STRING,
  `limit` DOUBLE
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT totals.`user`, totals.total, l.`limit`
FROM (SELECT `user`, SUM(amount) AS total FROM payments GROUP BY `user`) AS totals
JOIN limits AS l ON totals.`user` = l.`user`;
