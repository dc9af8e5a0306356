-- expect: WARN stateful-without-ttl
-- expect-fix-absent: lookup join
-- expect-fix-absent: a processing-time column of orders
-- Large orders read through a subquery aliased big, joined with their customers: the lookup-join advice names the
-- subquery's alias, as the statement names its left side, not the table inside it.
-- customers is read from datagen, whose source Flink's factory makes no lookup source: the fix now offers no
-- lookup join at all (flink.LookupSources). The naming of big in the lookup-join advice is pinned where the
-- dimension table is a lookup source: LookupSourcesTest#aLookupJoinOfAQueryNamesItAndTheTableWhoseColumnItWouldSelect.
CREATE TABLE orders (
  order_id STRING,
  customer_id STRING,
  amount DOUBLE,
  proc_time AS PROCTIME()
) WITH ('connector' = 'datagen');

CREATE TABLE customers (
  id STRING,
  country STRING
) WITH ('connector' = 'datagen');

SELECT big.order_id, c.country
FROM (SELECT order_id, customer_id FROM orders WHERE amount > 100) AS big
JOIN customers AS c ON big.customer_id = c.id;
