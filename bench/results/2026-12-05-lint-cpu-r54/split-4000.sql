SET 'table.generated-code.max-length' = '4000';

CREATE TABLE orders (customer_id BIGINT, amount DOUBLE) WITH ('connector' = 'datagen');

SELECT customer_id, SUM(amount) AS total FROM orders GROUP BY customer_id;
