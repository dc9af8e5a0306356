-- expect: WARN stateful-without-ttl
-- expect-fix-absent: lookup join
-- expect-fix-absent: a processing-time column of orders
-- Paid orders, a WITH query over orders, joined with their customers by a regular join. The lookup-join advice said
-- "FOR SYSTEM_TIME AS OF a processing-time column of orders", a table the join does not read: it reads the WITH
-- query paid (lint-case 06: a subquery). The advice names paid, which selects no processing-time column, and the
-- table whose column it would select.
-- customers is read from datagen, whose source Flink's factory makes no lookup source: the fix now offers no
-- lookup join at all (flink.LookupSources). The naming of paid in the lookup-join advice is pinned where the
-- dimension table is a lookup source: LookupSourcesTest#aLookupJoinOfAQueryNamesItAndTheTableWhoseColumnItWouldSelect.
CREATE TABLE orders (
  order_id STRING,
  customer_id STRING,
  amount DOUBLE,
  status STRING,
  proc_time AS PROCTIME()
) WITH ('connector' = 'datagen');

CREATE TABLE customers (
  id STRING,
  country STRING
) WITH ('connector' = 'datagen');

WITH paid AS (SELECT order_id, customer_id, amount FROM orders WHERE status = 'PAID')
SELECT paid.order_id, customers.country
FROM paid
JOIN customers ON paid.customer_id = customers.id;
