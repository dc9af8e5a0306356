-- expect: OK
-- Batch mode: the Top-N over a bounded table finishes; its state is bounded by the input.
SET 'execution.runtime-mode' = 'batch';

CREATE TABLE orders (order_id STRING, user_id STRING, amount DOUBLE) WITH ('connector' = 'datagen', 'number-of-rows' = '100');

SELECT * FROM (
  SELECT order_id, user_id, amount, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC) AS rn FROM orders
) WHERE rn <= 3;
