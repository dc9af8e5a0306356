-- expect: OK
-- A stateless statement set sent statement by statement runs as one job at END.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE sink_a (order_id STRING, user_id STRING, amount DOUBLE) WITH ('connector' = 'blackhole');

BEGIN STATEMENT SET;

INSERT INTO sink_a SELECT order_id, user_id, amount FROM orders WHERE amount > 10;

INSERT INTO sink_a SELECT order_id, user_id, amount FROM orders WHERE amount <= 10;

END;
