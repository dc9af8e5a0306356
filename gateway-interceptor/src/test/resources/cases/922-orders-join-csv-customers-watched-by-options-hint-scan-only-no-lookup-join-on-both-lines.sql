-- expect: WARN stateful-without-ttl
-- expect-fix: /*+ STATE_TTL('o' = '1 d', 'c' = '1 d') */
-- expect-fix-absent: lookup
-- expect-fix-absent: FOR SYSTEM_TIME AS OF
-- Case 789 where the directory is watched by an OPTIONS hint on the scan ('source.monitor-interval'), not by the
-- table's DDL. Flink's filesystem factory makes no LookupTableSource, so no lookup join of customers plans. On Flink
-- 1.20, whose compiled plan keeps the catalog's options alone for a hinted scan, LookupSources gave the scan no answer
-- and the fix offered a lookup join "when customers is a dimension table whose connector is a lookup source"; the
-- hint's options are now read from the scan's description (PlanNode#hintedOptions), as ReadOnce reads them, and both
-- lines answer: scanned only.
CREATE TABLE orders (order_id STRING, customer_id STRING, amount DOUBLE, proc_time AS PROCTIME())
WITH ('connector' = 'datagen');

CREATE TABLE customers (customer_id STRING, name STRING, country STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-922', 'format' = 'csv');

SELECT o.order_id, c.name, o.proc_time
FROM orders o
JOIN customers /*+ OPTIONS('source.monitor-interval' = '1 min') */ c ON o.customer_id = c.customer_id;
