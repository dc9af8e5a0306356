-- expect: BLOCK unbounded-rank
-- The three largest orders per customer, read from a Debezium topic (kafka with 'debezium-json', through lint's
-- stand-in: every change of the orders table). The Rank reads the updates and deletes (RetractStrategy); a window
-- Top-N over TABLE(TUMBLE(TABLE orders, ...)) would read them too, and Flink refuses it ("StreamPhysicalWindowRank
-- doesn't support consuming update and delete changes"). The fix offered it; it now says why none is offered.
CREATE TABLE orders (
  order_id STRING,
  customer_id STRING,
  amount DECIMAL(10, 2),
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'kafka', 'topic' = 'app.orders', 'properties.bootstrap.servers' = 'kafka:9092',
        'format' = 'debezium-json', 'scan.startup.mode' = 'earliest-offset');

SELECT customer_id, order_id, amount FROM (
  SELECT customer_id, order_id, amount,
    ROW_NUMBER() OVER (PARTITION BY customer_id ORDER BY amount DESC) AS rn
  FROM orders)
WHERE rn <= 3;
