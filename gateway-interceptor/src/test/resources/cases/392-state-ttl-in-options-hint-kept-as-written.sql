-- expect: BLOCK ttl-not-a-table-option
-- expect-rewrite: ttl-as-job-setting
-- A TTL key in a query's OPTIONS hint, written '36h' (datagen then refuses the query: BLOCK): the rewrite takes it out and sets the job's TTL to the
-- value the user chose, written as the user wrote it ('36h', which Flink reads as 36 hours), not respelled.
CREATE TABLE clicks (
  user_id STRING,
  url STRING,
  clicked_at TIMESTAMP(3)
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.user_id.length' = '3');

SELECT user_id, COUNT(url) AS clicks_per_user
FROM clicks /*+ OPTIONS('state.ttl' = '36h') */
GROUP BY user_id;
