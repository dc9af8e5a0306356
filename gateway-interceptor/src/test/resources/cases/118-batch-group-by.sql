-- expect: OK
-- A bounded batch aggregation is never blocked.
SET 'execution.runtime-mode' = 'batch';

CREATE TABLE orders (order_id STRING, user_id STRING, amount DOUBLE) WITH ('connector' = 'datagen', 'number-of-rows' = '100');

SELECT user_id, SUM(amount) FROM orders GROUP BY user_id;
