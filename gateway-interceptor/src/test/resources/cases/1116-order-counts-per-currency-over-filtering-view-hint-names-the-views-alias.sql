-- expect: WARN stateful-without-ttl
-- expect-fix: or for this aggregation alone /*+ STATE_TTL('b' = '1 d') */ on its SELECT
-- expect-fix: over TABLE(TUMBLE(TABLE big_orders, DESCRIPTOR(order_time)
-- The order count per currency over big_orders, a view that filters orders, read as b. The fix offered no STATE_TTL
-- hint: the hint's name was the table's (StatementNames#hintName), which the statement does not name, and orders read
-- through the view counted as a scan Flink added (StatementNames#rescanned). Flink matches a hint's key against the
-- alias of the block's input, a view's included (QueryHintsResolver#extractAliasOrTableName over the ALIAS hint
-- SqlToRelConverter#convertFrom puts on the view's query): /*+ STATE_TTL('b' = '1 d') */ gives the aggregation 1 d.
CREATE TABLE orders (
  order_id STRING,
  currency STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE VIEW big_orders AS SELECT order_id, currency, amount, order_time FROM orders WHERE amount > 100;

SELECT b.currency, COUNT(*) AS n, SUM(b.amount) AS total FROM big_orders AS b GROUP BY b.currency;
