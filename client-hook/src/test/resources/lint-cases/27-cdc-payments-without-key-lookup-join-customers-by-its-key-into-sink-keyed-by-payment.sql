-- expect: BLOCK on-conflict-required
-- expect-reason: looks customers up by its whole PRIMARY KEY (customer_id), so it keeps its input's key
-- expect-fix: The lookup join looks customers up by its whole PRIMARY KEY (customer_id) already
-- expect-fix-absent: declare them its PRIMARY KEY
-- expect-reason-absent: where its input has one
-- Payments read from MySQL through Flink CDC without a PRIMARY KEY (an updating input with no key), enriched by a
-- lookup join of customers (jdbc, stand-in) by customer_id, its PRIMARY KEY, into a sink keyed by payment_id. The
-- lookup join keeps its input's key here (FlinkRelMdUniqueKeys#getUniqueKeysOfTemporalTable), and the input has none:
-- what drops the key is the input. Before: the reason said the join loses a key "where its input has one" and the fix
-- asked to declare customers' PRIMARY KEY on the columns it is looked up by, which it declares already.
CREATE TABLE payments (
  payment_id BIGINT,
  customer_id BIGINT,
  amount DECIMAL(10, 2),
  proc AS PROCTIME()
) WITH ('connector' = 'mysql-cdc', 'hostname' = 'db', 'database-name' = 'shop', 'table-name' = 'payments');

CREATE TABLE customers (
  customer_id BIGINT,
  region STRING,
  PRIMARY KEY (customer_id) NOT ENFORCED
) WITH ('connector' = 'jdbc', 'url' = 'jdbc:mysql://db:3306/shop', 'table-name' = 'customers');

CREATE TABLE payment_regions (
  payment_id BIGINT,
  region STRING,
  amount DECIMAL(10, 2),
  PRIMARY KEY (payment_id) NOT ENFORCED
) WITH ('connector' = 'jdbc', 'url' = 'jdbc:mysql://db:3306/dw', 'table-name' = 'payment_regions');

INSERT INTO payment_regions
SELECT p.payment_id, c.region, p.amount
FROM payments AS p
JOIN customers FOR SYSTEM_TIME AS OF p.proc AS c ON p.customer_id = c.customer_id;
