-- expect: BLOCK on-conflict-required
-- expect-reason: the query groups by user_id, order_day, the upsert key of its aggregation, but selects only order_day of it: the projection drops user_id
-- expect-fix: Select every GROUP BY column, user_id too, and key the sink by the columns user_id, order_day are written to
-- expect-fix: or, where one row per order_day is meant, GROUP BY order_day only (each aggregate then spans every user_id)
-- A count of orders per user and day, qualified and aliased, written into a daily sink keyed by the day: the SELECT
-- keeps the day (as d) but not the user, so the aggregation's upsert key (user_id, order_day) is dropped by the
-- projection, and the counts of every user of a day land on one sink row. The reason names the dropped column by the
-- GROUP BY's name, whatever alias the kept one is given (the shape of case 597 in another form).
SET 'table.exec.state.ttl' = '1 d';

CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  order_day STRING
) WITH ('connector' = 'datagen');

CREATE TABLE orders_per_day (
  d STRING,
  orders BIGINT,
  PRIMARY KEY (d) NOT ENFORCED
) WITH ('connector' = 'blackhole');

INSERT INTO orders_per_day
SELECT o.order_day AS d, COUNT(*) AS orders
FROM orders AS o
GROUP BY o.user_id, o.order_day;
