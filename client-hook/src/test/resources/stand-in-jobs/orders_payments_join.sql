-- Orders with their payments (Debezium changelog): a regular join over an updating input, with a state TTL.
SET 'table.exec.state.ttl' = '2 d';

SELECT o.order_id, o.amount, p.amount AS paid
FROM orders AS o
JOIN payments AS p ON o.order_id = p.order_id;
