-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- The average per region of each user's average order amount (AVG of AVG, Flink's AggregateTest#testAvgWithRetract
-- shape): the inner aggregation keeps an average per (region, user), the outer one an average per region, fed by the
-- inner one's updates (each order retracts the user's old average from the region's and adds the new one). Under a
-- TTL an inner key that expires and returns starts again from its first order and is emitted as a new row with no
-- retraction of its old average: the region's average keeps the user's old average as well as the new one, forever.
-- The TTL rewrite's changes: line says so for this shape as for a count of counts (case 566; Flink 2.3.0
-- GroupAggFunction#processElement: no accumulator in state, so the row is a first row, emitted as an INSERT).
CREATE TABLE orders (
  region STRING,
  user_id STRING,
  amount DOUBLE
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT region, AVG(avg_amount) AS avg_of_user_averages
FROM (SELECT region, user_id, AVG(amount) AS avg_amount FROM orders GROUP BY region, user_id)
GROUP BY region;
