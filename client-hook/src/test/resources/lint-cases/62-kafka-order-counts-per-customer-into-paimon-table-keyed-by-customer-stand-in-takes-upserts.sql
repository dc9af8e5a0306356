-- expect: OK
-- A count of orders per customer written into a Paimon table keyed by customer_id in the session's catalog
-- ('connector' = 'paimon'), under a 1 d state TTL: the aggregation emits updates, which Paimon's sink takes as upserts
-- (FlinkTableSinkBase#getChangelogMode: every requested kind but -U for a table with a primary key). Before: lint's
-- stand-in took the table as insert-only (no format), and Flink refused the INSERT ("doesn't support consuming update
-- changes"), where the real connector plans it. StandInLakeSinksTest.
SET 'table.exec.state.ttl' = '1 d';

CREATE TABLE orders (
    order_id BIGINT,
    customer_id BIGINT,
    amount DECIMAL(10, 2),
    order_time TIMESTAMP(3),
    WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH (
    'connector' = 'kafka',
    'topic' = 'orders',
    'properties.bootstrap.servers' = 'kafka:9092',
    'format' = 'json'
);

CREATE TABLE customer_totals (
    customer_id BIGINT,
    order_count BIGINT,
    total DECIMAL(38, 2),
    PRIMARY KEY (customer_id) NOT ENFORCED
) WITH (
    'connector' = 'paimon',
    'path' = 's3://lake/customer_totals',
    'merge-engine' = 'deduplicate'
);

INSERT INTO customer_totals
SELECT customer_id, COUNT(*) AS order_count, SUM(amount) AS total
FROM orders
GROUP BY customer_id;
