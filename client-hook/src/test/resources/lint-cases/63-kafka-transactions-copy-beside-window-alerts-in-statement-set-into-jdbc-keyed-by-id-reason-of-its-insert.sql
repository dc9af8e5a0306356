-- expect: BLOCK on-conflict-required
-- expect-reason: the statement writes the rows of transactions as it reads them, neither grouping, deduplicating nor joining them, and transactions declares no PRIMARY KEY
-- expect-reason-absent: narrower type
-- expect-fix: deduplicate them by the sink's key instead: ROW_NUMBER() OVER (PARTITION BY transaction_id ORDER BY ts DESC)
-- expect-fix: The rows are inserts, each row of transactions once and with no key, so end the INSERT with ON CONFLICT DO DEDUPLICATE
-- expect-fix-absent: declared in the sink with the query's types
-- data-han/real-time-fraud-detection (flink/jobs/flink_sql_job.sql, e747cd7) as written: one STATEMENT SET copying a
-- Kafka topic without a key into a jdbc table keyed by transaction_id, beside three alerts into Kafka (a filter, and
-- two legacy TUMBLE aggregations per user with HAVING). Flink 2.3 refuses the copy alone (upsert key: none). Before:
-- the reason read the facts of the whole set, which groups, and guessed "a key column the sink declares with a
-- narrower type"; alone, the same INSERT got the keyless-copy reason. The rule now reads the INSERT of the set that
-- writes the sink Flink names. OnConflictNoKeyReasonTest.
-- ============================================================================
-- Source: Kafka transactions topic
-- ============================================================================
CREATE TABLE transactions (
    transaction_id STRING,
    bank_id STRING,
    payment_system STRING,
    card_number STRING,
    user_id INT,
    amount DECIMAL(10, 2),
    currency STRING,
    merchant STRING,
    country STRING,
    `timestamp` STRING,
    ts AS CAST(REPLACE(REPLACE(`timestamp`, '+00:00', ''), 'T', ' ') AS TIMESTAMP(3)),
    WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH (
    'connector' = 'kafka',
    'topic' = 'transactions',
    'properties.bootstrap.servers' = 'kafka-1:9092,kafka-2:9092,kafka-3:9092',
    'properties.group.id' = 'flink-consumer',
    'scan.startup.mode' = 'latest-offset',
    'format' = 'json'
);

-- ============================================================================
-- Sink 1: PostgreSQL - Archive ALL transactions
-- ============================================================================
CREATE TABLE transactions_archive (
    transaction_id STRING,
    bank_id STRING,
    payment_system STRING,
    card_number STRING,
    user_id INT,
    amount DECIMAL(10, 2),
    currency STRING,
    merchant STRING,
    country STRING,
    `timestamp` TIMESTAMP,
    PRIMARY KEY (transaction_id) NOT ENFORCED
) WITH (
    'connector' = 'jdbc',
    'url' = 'jdbc:postgresql://postgres:5432/transactions_db',
    'table-name' = 'transactions',
    'username' = 'transactions_user',
    'password' = 'transactions123',
    'driver' = 'org.postgresql.Driver'
);

-- ============================================================================
-- Sink 2: Kafka - Fraud alerts
-- ============================================================================
CREATE TABLE fraud_alerts (
    transaction_id STRING,
    bank_id STRING,
    payment_system STRING,
    card_number STRING,
    user_id INT,
    amount DECIMAL(10, 2),
    currency STRING,
    merchant STRING,
    country STRING,
    reason STRING,
    `timestamp` TIMESTAMP(3)
) WITH (
    'connector' = 'kafka',
    'topic' = 'fraud-alerts',
    'properties.bootstrap.servers' = 'kafka-1:9092,kafka-2:9092,kafka-3:9092',
    'properties.group.id' = 'fraud-alerts-reader',
    'scan.startup.mode' = 'earliest-offset',
    'format' = 'json'
);

EXECUTE STATEMENT SET BEGIN
    -- ============================================================================
    -- Job 1: Archive ALL transactions to PostgreSQL
    -- ============================================================================
    INSERT INTO transactions_archive
    SELECT 
        transaction_id,
        bank_id,
        payment_system,
        card_number,
        user_id,
        amount,
        currency,
        merchant,
        country,
        ts
    FROM transactions;

    -- ============================================================================
    -- Job 2: Fraud Detection - Rule 1: High-value transactions (amount > $5000)
    -- ============================================================================
    INSERT INTO fraud_alerts
    SELECT 
        transaction_id,
        bank_id,
        payment_system,
        card_number,
        user_id,
        amount,
        currency,
        merchant,
        country,
        'High-value transaction (amount > $5000)' as reason,
        ts as `timestamp`
    FROM transactions
    WHERE amount > 5000;

    -- ============================================================================
    -- Job 3: Fraud Detection - Rule 2: Velocity check (>5 txns in 2 minutes)
    -- ============================================================================
    INSERT INTO fraud_alerts
    SELECT 
        MAX(transaction_id) as transaction_id,
        MAX(bank_id) as bank_id,
        MAX(payment_system) as payment_system,
        MAX(card_number) as card_number,
        user_id,
        SUM(amount) as amount,
        MAX(currency) as currency,
        MAX(merchant) as merchant,
        MAX(country) as country,
        CONCAT('Velocity check: ', CAST(COUNT(*) AS STRING), ' transactions in 2 minutes') as reason,
        MAX(`ts`) as `timestamp`
    FROM transactions
    GROUP BY 
        user_id,
        TUMBLE(`ts`, INTERVAL '2' MINUTE)
    HAVING COUNT(*) > 5;

    -- -- ============================================================================
    -- -- Job 4: Fraud Detection - Rule 3: Geographic anomaly (multiple countries in 1 hour)
    -- -- ============================================================================
    INSERT INTO fraud_alerts
    SELECT 
        MAX(transaction_id) as transaction_id,
        MAX(bank_id) as bank_id,
        MAX(payment_system) as payment_system,
        MAX(card_number) as card_number,
        user_id,
        SUM(amount) as amount,
        MAX(currency) as currency,
        MAX(merchant) as merchant,
        CAST(COUNT(DISTINCT country) AS STRING) as country,  -- Changed: just show count instead of list
        CONCAT('Geographic anomaly: ', CAST(COUNT(DISTINCT country) AS STRING), ' countries in 1 hour') as reason,
        MAX(`ts`) as `timestamp`
    FROM transactions
    GROUP BY 
        user_id,
        TUMBLE(`ts`, INTERVAL '1' HOUR)
    HAVING COUNT(DISTINCT country) > 2;

END;