-- Linted once, its report discarded, by the JVM that writes lint's class-data archive (FastStart):
-- the archive then holds the classes of planning what scripts usually hold, whatever the first run lints.
SET 'table.exec.state.ttl' = '24';
SET 'table.exec.state.ttl' = '0';

CREATE TABLE orders (
  order_id BIGINT,
  customer_id BIGINT,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE customers (
  customer_id BIGINT,
  name STRING,
  PRIMARY KEY (customer_id) NOT ENFORCED
) WITH ('connector' = 'datagen');

CREATE TABLE totals (customer_id BIGINT, total DOUBLE) WITH ('connector' = 'blackhole');

CREATE TEMPORARY VIEW big_orders AS SELECT * FROM orders WHERE amount > 100;

SHOW TABLES;

SELECT customer_id, COUNT(*) AS n, SUM(amount) AS total FROM orders GROUP BY customer_id;

INSERT INTO totals SELECT customer_id, SUM(amount) FROM big_orders GROUP BY customer_id;

SELECT * FROM (
  SELECT *, ROW_NUMBER() OVER (PARTITION BY customer_id ORDER BY amount DESC) AS rn FROM orders
) WHERE rn <= 3;

SELECT * FROM (
  SELECT *, ROW_NUMBER() OVER (PARTITION BY order_id ORDER BY order_time DESC) AS rn FROM orders
) WHERE rn = 1;

SELECT o.order_id, c.name FROM orders o JOIN customers c ON o.customer_id = c.customer_id;

SELECT window_start, window_end, customer_id, SUM(amount)
FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '1' MINUTES))
GROUP BY window_start, window_end, customer_id;

SELECT * FROM (
  SELECT *, ROW_NUMBER() OVER (PARTITION BY customer_id ORDER BY amount DESC) AS rn FROM orders
) WHERE rn <= 3 AND rn > 1 OR amount > 5;
