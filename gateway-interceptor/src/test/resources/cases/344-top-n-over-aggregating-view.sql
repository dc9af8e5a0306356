-- expect: BLOCK unbounded-rank rank-retract global-rank stateful-without-ttl
-- expect-rewrite: state-ttl-hint session-state-ttl
-- expect-fix: aggregate per window in the view user_totals, whose aggregation this is
-- expect-fix-absent: TABLE(TUMBLE(TABLE user_totals
-- A global Top-10 over a view that aggregates (totals per user since the start): the aggregation is the view's,
-- so no window can read the view (its result keeps no time attribute). The aggregation's fix says the window goes
-- into the view (and changes it for every query over it); the ranking's fix says to window the aggregation first;
-- no rewrite turns the outer query into a window over the view. The hint's rewrite that needs a SET before it for
-- the Top-N says that SET reaches every other operator (not "other operators keep the session's TTL").
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TEMPORARY VIEW user_totals AS
SELECT user_id, SUM(amount) AS total FROM orders GROUP BY user_id;

SELECT user_id, total FROM (
  SELECT user_id, total,
         ROW_NUMBER() OVER (ORDER BY total DESC) AS rn
  FROM user_totals
) WHERE rn <= 10;
