-- The first order of each customer by event time, from a temporary copy of orders (CREATE TABLE ... LIKE).
CREATE TEMPORARY TABLE first_orders_source (
  note STRING
) WITH ('topic' = 'orders-replay')
LIKE orders;

SELECT order_id, customer_id, amount
FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY customer_id ORDER BY order_time ASC) AS rn FROM first_orders_source)
WHERE rn = 1;
