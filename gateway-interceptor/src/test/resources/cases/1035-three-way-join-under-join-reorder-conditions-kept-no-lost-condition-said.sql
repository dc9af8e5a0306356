-- expect: WARN stateful-without-ttl
-- expect-reason-absent: in no operator of the plan
-- Three tables joined on their keys with join reorder on: Flink reorders them and keeps each condition on a join, so
-- nothing is said of a lost condition (case 1034 is the shape where Flink 2.3.0 loses one).
CREATE TABLE orders (order_id BIGINT, customer_id BIGINT) WITH ('connector' = 'datagen');

CREATE TABLE customers (id BIGINT, region STRING) WITH ('connector' = 'datagen');

CREATE TABLE payments (paid_order_id BIGINT, paid DOUBLE) WITH ('connector' = 'datagen');

SET 'table.optimizer.join-reorder-enabled' = 'true';

SELECT o.order_id, c.region, p.paid
FROM orders o
JOIN customers c ON o.customer_id = c.id
JOIN payments p ON o.order_id = p.paid_order_id;
