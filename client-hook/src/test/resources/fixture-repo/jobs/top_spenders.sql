-- The three largest orders of each customer, kept forever: a non-window Top-N over Kafka.
SELECT order_id, customer_id, amount
FROM (
  SELECT *, ROW_NUMBER() OVER (PARTITION BY customer_id ORDER BY amount DESC) AS rn
  FROM orders
)
WHERE rn <= 3;
