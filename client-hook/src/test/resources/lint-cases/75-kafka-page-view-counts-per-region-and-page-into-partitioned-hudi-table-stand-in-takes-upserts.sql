-- expect: OK
-- Page views counted per region and page into a Hudi table keyed by (region, page) and partitioned by region, under a
-- 1 d state TTL. Hudi's HoodieTableSink implements SupportsPartitioning and SupportsOverwrite and answers Flink with
-- upserts (ChangelogModes.UPSERT: +I, +U, -D; every change with 'changelog.enabled' = 'true'). Before: lint's
-- stand-in implemented no partitioning and took inserts only (no format), so Flink refused the partitioned table and
-- then the updates, a BLOCK the real connector never gives. StandInLakeSinksTest.
SET 'table.exec.state.ttl' = '1 d';

CREATE TABLE page_views (
    region STRING,
    page STRING,
    user_id BIGINT,
    ts TIMESTAMP(3),
    WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH (
    'connector' = 'kafka',
    'topic' = 'page_views',
    'properties.bootstrap.servers' = 'kafka:9092',
    'format' = 'json'
);

CREATE TABLE page_view_counts (
    region STRING,
    page STRING,
    view_count BIGINT,
    PRIMARY KEY (region, page) NOT ENFORCED
) PARTITIONED BY (region) WITH (
    'connector' = 'hudi',
    'path' = 's3://lake/page_view_counts',
    'table.type' = 'MERGE_ON_READ'
);

INSERT INTO page_view_counts
SELECT region, page, COUNT(*) AS view_count
FROM page_views
GROUP BY region, page;
