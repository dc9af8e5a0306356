-- expect: BLOCK planner-error
-- expect-fix: LOOKUP('table' = 'c', ...)
-- expect-fix-absent: Correct the statement as Flink's message says
-- A LOOKUP hint written as Flink's own hints page writes it, LOOKUP('table'='Customers', ...) over JOIN Customers FOR
-- SYSTEM_TIME AS OF o.proc_time AS c: Flink 2.3 matches the hint's 'table' against the alias where the lookup table
-- has one (QueryHintsResolver#extractAliasOrTableName) and refuses it ("The options of following hints cannot match
-- the name of input tables or views: `Customers` in `LOOKUP`"); 'table'='c' plans (checked with the JDBC connector
-- 4.0.0-2.0). The fix said only "Correct the statement as Flink's message says" (issue 30 §2: an ignored or refused
-- hint gets its fix). Here Customers is datagen, which is no lookup source: the hint's refusal comes first.
CREATE TABLE Orders (
  order_id STRING,
  customer_id INT,
  total DOUBLE,
  proc_time AS PROCTIME()
) WITH ('connector' = 'datagen');

CREATE TABLE Customers (
  id INT,
  name STRING,
  country STRING,
  zip STRING
) WITH ('connector' = 'datagen');

SELECT /*+ LOOKUP('table'='Customers', 'async'='true', 'output-mode'='allow_unordered', 'capacity'='100', 'timeout'='180s') */
  o.order_id, o.total, c.country, c.zip
FROM Orders AS o
  JOIN Customers FOR SYSTEM_TIME AS OF o.proc_time AS c
    ON o.customer_id = c.id;
