-- expect: BLOCK ttl-not-a-table-option
-- expect-rewrite: ttl-as-job-setting
-- Distinct buyers per category, with the state TTL written as a table option in an OPTIONS hint: datagen rejects
-- the option it does not know, so the query does not run. The rewrite moves the TTL to the job, where it takes
-- effect for the first time, and its changes: line says what it does to COUNT(DISTINCT buyer): Flink expires
-- each distinct value on its own, so a buyer not seen for the TTL is counted again (read from the rewrite's plan,
-- as the original has none).
CREATE TABLE sales (
  category STRING,
  buyer STRING,
  amount DECIMAL(10, 2)
) WITH ('connector' = 'datagen');

SELECT category, COUNT(DISTINCT buyer) AS buyers, SUM(amount) AS revenue
FROM sales /*+ OPTIONS('table.exec.state.ttl' = '6 h') */
GROUP BY category;
