-- expect: BLOCK on-conflict-required
-- expect-fix: filter rn = 1 in a query that reads it: a Top-1, one row per user_id, the sink's key
-- expect-fix-absent: The query is a Top-N
-- expect-fix: An ON CONFLICT clause is no fix here: with one, Flink plans the OVER aggregate and refuses
-- expect-fix-absent: Or end the INSERT with one of
-- A row number per user that no query filters, over orders declaring a key order_id, written into a sink keyed by
-- user_id. Flink plans no Rank (FlinkLogicalRankRule needs an rn <= N in the query reading it) but an OVER aggregate
-- numbering every order, with no upsert key Flink can derive: Flink 2.3 asks for an ON CONFLICT clause. Before, the
-- fix called it a Top-N ("the rows it keeps per partition"); it keeps every row. The fix names the Top-1 that plans
-- without a clause (case 475), and no ON CONFLICT clause: with one, Flink refuses the DESC order (case 476).
SET 'table.exec.state.ttl' = '1 d';

CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  PRIMARY KEY (order_id) NOT ENFORCED
) WITH ('connector' = 'datagen');

CREATE TABLE numbered_orders (
  user_id STRING,
  order_id STRING,
  amount DOUBLE,
  rn BIGINT,
  PRIMARY KEY (user_id) NOT ENFORCED
) WITH ('connector' = 'blackhole');

INSERT INTO numbered_orders
SELECT user_id, order_id, amount,
       ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC) AS rn
FROM orders;
