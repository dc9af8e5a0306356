-- expect: BLOCK on-conflict-required
-- expect-reason: the query aggregates per user_id and window of TUMBLE(ts_ltz, INTERVAL '30' SECOND)
-- expect-reason: so the rows of one user_id from every window fall on one sink row
-- expect-reason-absent: neither joins nor ranks
-- expect-fix: Select the window's start, TUMBLE_START(ts_ltz, INTERVAL '30' SECOND), and key the sink by user_id and the window's start
-- expect-fix-absent: or aggregate over the window TVF
-- aiven-examples' solutions/flink-security-lab (pg-audit-logs): login counts per user and 30 s window written into
-- a jdbc table keyed by user_id (the Terraform blocks' DDL kept, PRIMARY KEY given NOT ENFORCED). The aggregation's key is user_id with the window; no window property is selected, so
-- Flink derives no upsert key. The reason guessed a narrowed key type (the GROUP BY's keys were all dropped when one
-- was a call, TUMBLE), where the window is what the projection drops. The fix also offered the window TVF, GROUP BY
-- user_id, window_start, window_end, as needing no clause: Flink 2.3 derives no upsert key for a window TVF
-- aggregation and refuses it alike (lint case 53).
CREATE TABLE kafka_source (
    time_stamp BIGINT,
    user_id INT,
    action STRING,
    source_ip STRING,
    ts_ltz AS NOW(),
    WATERMARK FOR ts_ltz AS ts_ltz
) WITH (
    'connector' = 'kafka',
    'properties.bootstrap.servers' = '',
    'scan.startup.mode' = 'earliest-offset',
    'topic' = 'security_logs',
    'value.format' = 'json'
);

CREATE TABLE pg_sink (
    user_id INT PRIMARY KEY NOT ENFORCED,
    login_attempts BIGINT NOT NULL,
    distinct_ips BIGINT NOT NULL,
    time_since_last_login STRING
) WITH (
    'connector' = 'jdbc',
    'url' = 'jdbc:postgresql://',
    'table-name' = 'audit_logs'
);

INSERT INTO pg_sink
SELECT
    user_id,
    COUNT(*) AS login_attempts,
    COUNT(DISTINCT source_ip) AS distinct_ips,
    CAST(MAX(ts_ltz) AS VARCHAR) AS time_since_last_login
FROM kafka_source
WHERE action = 'login'
GROUP BY
    user_id,
    TUMBLE(ts_ltz, INTERVAL '30' SECONDS);
