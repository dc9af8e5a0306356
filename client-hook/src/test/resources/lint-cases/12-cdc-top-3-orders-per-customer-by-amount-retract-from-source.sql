-- expect: WARN rank-retract
-- The three largest orders per customer over a MySQL table read by mysql-cdc (through lint's stand-in: every change),
-- under a session TTL. The Rank reads the source's updates (RetractStrategy) and rank-retract said "Rank an
-- append-only input (for example a windowed aggregate with TUMBLE and a window Top-N), or make the ORDER BY column
-- monotonic": Flink refuses a window Top-N over the table's updates, and takes no column of a changelog source as
-- monotonic (FlinkRelMdModifiedMonotonicity). It now names the table and says what does change it.
CREATE TEMPORARY TABLE orders (
  order_id BIGINT,
  customer_id BIGINT,
  amount DECIMAL(10, 2),
  order_time TIMESTAMP(3),
  PRIMARY KEY (order_id) NOT ENFORCED
) WITH ('connector' = 'mysql-cdc', 'hostname' = 'mysql', 'database-name' = 'shop', 'table-name' = 'orders',
        'username' = 'flink', 'password' = 'flink');

SET 'table.exec.state.ttl' = '1 d';

SELECT customer_id, order_id, amount FROM (
  SELECT *, ROW_NUMBER() OVER (PARTITION BY customer_id ORDER BY amount DESC) AS rn FROM orders)
WHERE rn <= 3;
