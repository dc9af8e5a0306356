-- expect: WARN stateful-without-ttl
-- expect-rewrite: lookup-join
-- Paid orders, a view selecting the PROCTIME() column of orders, LEFT-joined with accounts (jdbc, stand-in) on its
-- composite PRIMARY KEY (tenant, account_id), into a sink. The lookup join keeps LEFT (an order without its account is
-- emitted with NULLs and never completed) and looks accounts up by both columns. Before: no lookup join was offered
-- where the stream side was a view.
CREATE TABLE orders (
  order_id STRING,
  tenant STRING,
  account_id STRING,
  amount DOUBLE,
  status STRING,
  pt AS PROCTIME()
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE accounts (
  tenant STRING,
  account_id STRING,
  plan STRING,
  PRIMARY KEY (tenant, account_id) NOT ENFORCED
) WITH ('connector' = 'jdbc', 'url' = 'jdbc:mysql://db:3306/shop', 'table-name' = 'accounts');

CREATE TABLE order_plans (
  order_id STRING,
  plan STRING,
  amount DOUBLE
) WITH ('connector' = 'blackhole');

CREATE VIEW paid_orders AS SELECT order_id, tenant, account_id, amount, pt FROM orders WHERE status = 'PAID';

INSERT INTO order_plans
SELECT p.order_id, a.plan, p.amount
FROM paid_orders AS p
LEFT JOIN accounts AS a ON p.tenant = a.tenant AND p.account_id = a.account_id;
