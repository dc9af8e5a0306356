-- expect: BLOCK on-conflict-required
-- expect-reason: the statement's INNER JOIN on o.order_id = p.order_id joins orders and payments, neither of which declares a PRIMARY KEY
-- expect-reason-absent: ranking
-- A STATEMENT SET of two INSERTs: the latest status per order (a Deduplicate) into an upsert-kafka table keyed by
-- order_id, and orders joined with their payments into a jdbc table keyed by order_id. Flink 2.3 refuses the second
-- (upsert key: none: neither input declares a key, so the join's rows have none). Before: the reason read the facts of
-- the whole set and blamed "the statement's ranking PARTITION BY order_id", the other INSERT's. The rule reads the
-- INSERT that writes the sink Flink names. OnConflictNoKeyReasonTest.
CREATE TABLE orders (
    order_id BIGINT,
    status STRING,
    amount DECIMAL(10, 2),
    order_time TIMESTAMP(3),
    WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH (
    'connector' = 'kafka',
    'topic' = 'orders',
    'properties.bootstrap.servers' = 'kafka:9092',
    'format' = 'json'
);

CREATE TABLE payments (
    payment_id BIGINT,
    order_id BIGINT,
    paid DECIMAL(10, 2),
    pay_time TIMESTAMP(3)
) WITH (
    'connector' = 'kafka',
    'topic' = 'payments',
    'properties.bootstrap.servers' = 'kafka:9092',
    'format' = 'json'
);

CREATE TABLE latest_status (
    order_id BIGINT,
    status STRING,
    order_time TIMESTAMP(3),
    PRIMARY KEY (order_id) NOT ENFORCED
) WITH (
    'connector' = 'upsert-kafka',
    'topic' = 'latest-status',
    'properties.bootstrap.servers' = 'kafka:9092',
    'key.format' = 'json',
    'value.format' = 'json'
);

CREATE TABLE paid_orders (
    order_id BIGINT,
    amount DECIMAL(10, 2),
    paid DECIMAL(10, 2),
    PRIMARY KEY (order_id) NOT ENFORCED
) WITH (
    'connector' = 'jdbc',
    'url' = 'jdbc:postgresql://db:5432/shop',
    'table-name' = 'paid_orders'
);

EXECUTE STATEMENT SET BEGIN
    INSERT INTO latest_status
    SELECT order_id, status, order_time
    FROM (
        SELECT *, ROW_NUMBER() OVER (PARTITION BY order_id ORDER BY order_time DESC) AS rn
        FROM orders
    )
    WHERE rn = 1;

    INSERT INTO paid_orders
    SELECT o.order_id, o.amount, p.paid
    FROM orders o
    JOIN payments p ON o.order_id = p.order_id;
END;
