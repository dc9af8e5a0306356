-- Paid amount per order from the Debezium CDC topic, with a state TTL that outlives an order's payments.
SET 'table.exec.state.ttl' = '30 d';

SELECT order_id, SUM(amount) AS paid FROM payments GROUP BY order_id;
