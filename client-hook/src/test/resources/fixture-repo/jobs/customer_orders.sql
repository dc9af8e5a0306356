-- Orders with the customer's current name: a regular join with an upsert-kafka table, no state TTL.
SELECT o.order_id, shout(c.name) AS customer, c.tier, o.amount
FROM orders AS o
JOIN customers AS c ON o.customer_id = c.customer_id;
