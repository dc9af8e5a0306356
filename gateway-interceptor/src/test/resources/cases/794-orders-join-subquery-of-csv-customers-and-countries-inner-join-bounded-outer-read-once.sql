-- expect: WARN stateful-without-ttl
-- expect-reason: the right side (the subquery ck over customers and countries) is a bounded source, read once
-- expect-reason-absent: both sides' state grows forever
-- expect-fix: /*+ STATE_TTL('o' = '1 d') */, leaving the side read once (ck) out of the hint
-- A stream of orders joined with a subquery that joins customers and countries, both from CSV files read once: the
-- subquery's join reads two bounded inputs and is not reported (its job part ends with the files); the orders join
-- has a bounded side (the subquery's rows, read once) and is reported for its streaming side alone.
CREATE TABLE orders (order_id STRING, customer_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE customers (customer_id STRING, name STRING, country_code STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-794-customers', 'format' = 'csv');

CREATE TABLE countries (country_code STRING, country STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-794-countries', 'format' = 'csv');

SELECT o.order_id, ck.name, ck.country
FROM orders o
JOIN (SELECT c.customer_id, c.name, k.country
      FROM customers c
      JOIN countries k ON c.country_code = k.country_code) ck
  ON o.customer_id = ck.customer_id;
