-- expect: BLOCK on-conflict-required
-- expect-reason: the statement's INNER JOIN on p.order_ref = o.order_ref loses it: payments' PRIMARY KEY (payment_id) does not hold p.order_ref, the column payments is joined on: the join distributes its rows by other columns than their key; orders' PRIMARY KEY (order_ref) keys the join's rows only where the other input is unique on its join column, and payments is not unique on p.order_ref
-- expect-reason-absent: JOIN on o.customer_id = c.customer_id loses it
-- A cascade whose bottom join drops the key: the payments (keyed by payment_id) are joined to the orders on the
-- order's reference, not on their key, so Flink 2.3.0 keeps the payments' key nowhere (FlinkRelMdUpsertKeys#filterKeys:
-- a key is kept only where it holds the input's join columns), and the orders' key (order_ref) keys the rows only
-- where the payments are unique on order_ref, which they are not (several payments per order). The join with the
-- customers above it then has no key to keep on its left. Before: the reason named the top join, on the customers'
-- key, with the cause of a join on another column than the key; it now names the bottom join, where the key is lost.
CREATE TABLE payments (
  payment_id BIGINT,
  order_ref STRING,
  amount DECIMAL(10, 2),
  PRIMARY KEY (payment_id) NOT ENFORCED
) WITH ('connector' = 'mysql-cdc', 'hostname' = 'db', 'database-name' = 'shop', 'table-name' = 'payments');

CREATE TABLE orders (
  order_ref STRING,
  customer_id BIGINT,
  PRIMARY KEY (order_ref) NOT ENFORCED
) WITH ('connector' = 'mysql-cdc', 'hostname' = 'db', 'database-name' = 'shop', 'table-name' = 'orders');

CREATE TABLE customers (
  customer_id BIGINT,
  customer_name STRING,
  PRIMARY KEY (customer_id) NOT ENFORCED
) WITH ('connector' = 'mysql-cdc', 'hostname' = 'db', 'database-name' = 'shop', 'table-name' = 'customers');

CREATE TABLE payment_customers (
  payment_id BIGINT,
  amount DECIMAL(10, 2),
  customer_name STRING,
  PRIMARY KEY (payment_id) NOT ENFORCED
) WITH ('connector' = 'jdbc', 'url' = 'jdbc:mysql://db:3306/dw', 'table-name' = 'payment_customers');

INSERT INTO payment_customers
SELECT p.payment_id, p.amount, c.customer_name
FROM payments p
JOIN orders o ON p.order_ref = o.order_ref
JOIN customers c ON o.customer_id = c.customer_id;
