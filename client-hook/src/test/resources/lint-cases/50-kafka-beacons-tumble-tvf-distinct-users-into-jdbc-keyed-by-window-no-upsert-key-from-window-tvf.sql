-- expect: BLOCK on-conflict-required
-- expect-rewrite: on-conflict
-- expect-reason: the query aggregates over a TUMBLE window TVF (GROUP BY window_start, window_end): Flink 2.3 derives no upsert key for a window TVF aggregation
-- expect-reason-absent: narrower type
-- expect-fix: No key the sink declares makes the clause unneeded
-- expect-fix-absent: Give the rows the sink's key
-- harsha-sridhar/flink_poc's num_beacons_per_user_1mins.sql: distinct users per minute (a TUMBLE window TVF aggregation)
-- into a jdbc table keyed by (window_start_time, window_end_time, last_updated_time), a key holding the
-- aggregation's own (window_start, window_end). Flink 2.3.0 refuses it with "upsert key: .": it derives no upsert key
-- for a window TVF aggregation (FlinkRelMdUpsertKeys has no case for StreamPhysicalWindowAggregate), with the sink's
-- timestamps declared TIMESTAMP(3) or keyed by the window alone just as well (asked). Before: the reason guessed a
-- narrowed key type or a view's join, and the fix "Give the rows the sink's key: aggregate ... by the primary key's
-- columns", which the query does. The only fix is the clause; DO DEDUPLICATE keeps no state over these inserts.
SET 'execution.checkpointing.interval' = '5min';
CREATE TABLE `default_database`.`tsv1_hourly_beacons`(
    assetID varchar,
    epgAssetID varchar,
    evntTm timestamp(3),
    ip varchar,
    segId varchar,
    `time` string,
    chn varchar,
    uId varchar,
    ua varchar,
    user_id as ip||ua,
    WATERMARK for evntTm as evntTm - INTERVAL '55' SECOND
) with (
    'connector' = 'kafka',
    'topic' = 'quick-start-topic',
    'properties.bootstrap.servers' = 'localhost:9092',
    'properties.group.id' = 'grp5',
    'scan.startup.mode' = 'earliest-offset',
    'format' = 'json'
);

CREATE TABLE `concurrent_users`(
    window_start_time timestamp,
    window_end_time timestamp,
    last_updated_time timestamp ,
    user_count BIGINT,
    primary key (window_start_time, window_end_time, last_updated_time) NOT ENFORCED
) with (
    'connector' = 'jdbc',
    'url' = 'jdbc:postgresql://127.0.0.1:5432/postgres',
    'table-name' = 'concurrent_users_kafka',
    'username' = 'postgres',
    'password' = 'password'
);

insert into concurrent_users
select
    window_start, window_end,
    max(evntTm) as last_updated_time,
    count(distinct(user_id)) as user_cont
FROM TABLE(
    TUMBLE(TABLE default_catalog.default_database.tsv1_hourly_beacons,
            DESCRIPTOR(evntTm), INTERVAL '1' MINUTES)
)GROUP BY window_start, window_end;
