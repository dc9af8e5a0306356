-- A view chain: the latest big order of each customer, ranked by event time (Flink deduplicates).
CREATE TEMPORARY VIEW big_orders AS
SELECT order_id, customer_id, amount, order_time FROM orders WHERE amount > 100;

CREATE TEMPORARY VIEW ranked_big_orders AS
SELECT *, ROW_NUMBER() OVER (PARTITION BY customer_id ORDER BY order_time DESC) AS rn FROM big_orders;

SELECT order_id, customer_id, amount FROM ranked_big_orders WHERE rn = 1;
