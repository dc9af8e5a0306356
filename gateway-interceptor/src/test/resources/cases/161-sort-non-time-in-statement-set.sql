-- expect: BLOCK sort-non-time
-- expect-rewrite: bounded-sort time-attribute-order
-- A sort on a business column inside one INSERT of a statement set: the planner's reason is raised while the
-- whole set is translated; the diagnosis still names the sort.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE by_amount (order_id STRING, amount DOUBLE) WITH ('connector' = 'blackhole');

CREATE TABLE big_orders (order_id STRING, amount DOUBLE) WITH ('connector' = 'blackhole');

EXECUTE STATEMENT SET
BEGIN
  INSERT INTO big_orders SELECT order_id, amount FROM orders WHERE amount > 100;
  INSERT INTO by_amount SELECT order_id, amount FROM orders ORDER BY amount DESC;
END;
