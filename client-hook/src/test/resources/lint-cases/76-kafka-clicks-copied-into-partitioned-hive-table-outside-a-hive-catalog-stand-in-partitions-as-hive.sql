-- expect: OK
-- Clicks copied as they arrive into a Hive table partitioned by day and hour, declared in the script's own catalog
-- ('connector' = 'hive': lint has no Hive catalog, the job runs in one). Hive's HiveTableSink implements
-- SupportsPartitioning and SupportsOverwrite and appends (ChangelogMode.insertOnly()). Before: lint's stand-in
-- implemented no partitioning, and Flink refused the INSERT ("is a partitioned table, but the underlying
-- DynamicTableSink doesn't implement the SupportsPartitioning interface", DynamicSinkUtils), a BLOCK the real
-- connector never gives. StandInLakeSinksTest.
CREATE TABLE clicks (
    user_id BIGINT,
    url STRING,
    ts TIMESTAMP(3),
    WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH (
    'connector' = 'kafka',
    'topic' = 'clicks',
    'properties.bootstrap.servers' = 'kafka:9092',
    'format' = 'json'
);

CREATE TABLE clicks_hive (
    user_id BIGINT,
    url STRING,
    ts TIMESTAMP(3),
    dt STRING,
    hr STRING
) PARTITIONED BY (dt, hr) WITH (
    'connector' = 'hive',
    'sink.partition-commit.policy.kind' = 'metastore,success-file'
);

INSERT INTO clicks_hive
SELECT user_id, url, ts, DATE_FORMAT(ts, 'yyyy-MM-dd'), DATE_FORMAT(ts, 'HH')
FROM clicks;
