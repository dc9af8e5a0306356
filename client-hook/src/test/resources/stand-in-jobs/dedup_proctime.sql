-- First click per user by processing time: Flink deduplicates (keep first row).
CREATE TEMPORARY TABLE clicks (
  user_id STRING,
  url STRING,
  proc AS PROCTIME()
) WITH (
  'connector' = 'kafka',
  'topic' = 'clicks',
  'properties.bootstrap.servers' = 'kafka:9092',
  'properties.group.id' = 'clicks-jobs',
  'scan.startup.mode' = 'earliest-offset',
  'format' = 'json'
);

SELECT user_id, url
FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY proc ASC) AS rn FROM clicks)
WHERE rn = 1;
