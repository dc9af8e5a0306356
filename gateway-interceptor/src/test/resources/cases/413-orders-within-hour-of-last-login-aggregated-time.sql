-- expect: WARN stateful-without-ttl
-- expect-reason: ts (logins) is a time attribute of the table, but reaches the join through GroupAggregate[
-- expect-reason: after which it is a plain TIMESTAMP
-- expect-reason-absent: which this condition does not give
-- expect-reason-absent: ts (orders) is a time attribute
-- Orders placed within an hour after the customer's last login, the last login taken from a view that aggregates
-- logins per user (MAX(ts)). Both tables declare a WATERMARK on ts, and the condition bounds o.ts from below and
-- above by l.ts, an interval join's bounds; yet Flink plans a regular join, because the view's MAX(ts) is the
-- output of a regular aggregation, which Flink never keeps as a time attribute (the compiled plan's output types:
-- the Calc under the GroupAggregate casts ts's TIMESTAMP(3) *ROWTIME* to TIMESTAMP(3)). orders.ts reaches the
-- join as a time attribute (the join's own Calc materializes it: not a reason). The reason said the condition gave
-- no lower and upper bound on time attributes (false: it names where the time attribute was lost).
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE logins (
  user_id STRING,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW last_login AS
SELECT user_id, MAX(ts) AS ts FROM logins GROUP BY user_id;

SELECT o.order_id, o.user_id, l.ts AS logged_in_at
FROM orders AS o
JOIN last_login AS l
  ON o.user_id = l.user_id
 AND o.ts BETWEEN l.ts AND l.ts + INTERVAL '1' HOUR;
