-- Payments per order from the Debezium topic: an aggregation over every change, no state TTL.
SELECT order_id, COUNT(*) AS payments, MAX(amount) AS largest FROM payments GROUP BY order_id;
