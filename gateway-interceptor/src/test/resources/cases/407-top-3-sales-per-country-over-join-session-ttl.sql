-- expect: BLOCK unbounded-rank stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- The three largest sales per country, ranked over a join of sales with sellers, neither with a time attribute:
-- the Top-N's rewrite is the session TTL, which reaches the join too. The join keeps each row under its own
-- TTL, renewed only when the row is written (StateConfigUtil#createTtlConfig: OnCreateAndWrite): a seller row
-- expires a day after it was stored even while its sales keep arriving, and later sales of that seller are no
-- longer joined, so they never reach the ranking. The session-state-ttl rewrite's changes: line says so, where it
-- said only that a key's state is forgotten "1 d after the key's last change".
CREATE TABLE sales (
  sale_id STRING,
  seller_id STRING,
  amount DOUBLE
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE sellers (
  seller_id STRING,
  country STRING
) WITH ('connector' = 'datagen', 'rows-per-second' = '1', 'fields.country.length' = '2');

SELECT * FROM (
  SELECT s.sale_id, s.amount, r.country,
         ROW_NUMBER() OVER (PARTITION BY r.country ORDER BY s.amount DESC) AS rn
  FROM sales AS s
  JOIN sellers AS r ON s.seller_id = r.seller_id
) WHERE rn <= 3;
