-- expect: OK
-- A count of behaviors per user written into a DynamoDB table partitioned by user_id (the Flink docs' DynamoDB
-- example's PARTITIONED BY, which names the DynamoDB partition key), under a 1 d state TTL. DynamoDB's sink
-- (DynamoDbDynamicSink, flink-connector-aws) answers Flink with ChangelogMode.upsert() and implements
-- SupportsPartitioning. Before: lint's stand-in implemented no partitioning and took inserts only (no format), so
-- Flink refused the partitioned table and then the updates, a BLOCK the real connector never gives.
-- StandInLakeSinksTest.
SET 'table.exec.state.ttl' = '1 d';

CREATE TABLE user_behavior (
    user_id BIGINT,
    item_id BIGINT,
    behavior STRING,
    ts TIMESTAMP(3),
    WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH (
    'connector' = 'kafka',
    'topic' = 'user_behavior',
    'properties.bootstrap.servers' = 'kafka:9092',
    'format' = 'json'
);

CREATE TABLE behavior_counts (
    user_id BIGINT,
    behavior_count BIGINT,
    PRIMARY KEY (user_id) NOT ENFORCED
) PARTITIONED BY (user_id) WITH (
    'connector' = 'dynamodb',
    'table-name' = 'behavior_counts',
    'aws.region' = 'us-east-2'
);

INSERT INTO behavior_counts
SELECT user_id, COUNT(*) AS behavior_count
FROM user_behavior
GROUP BY user_id;
