-- Debezium format metadata through a view chain, then a Top-N over the changelog.
CREATE TEMPORARY TABLE refunds (
  refund_id STRING,
  order_id STRING,
  amount DOUBLE,
  origin_ts TIMESTAMP_LTZ(3) METADATA FROM 'value.source.timestamp' VIRTUAL,
  PRIMARY KEY (refund_id) NOT ENFORCED
) WITH (
  'connector' = 'kafka',
  'topic' = 'shop.public.refunds',
  'properties.bootstrap.servers' = 'kafka:9092',
  'properties.group.id' = 'shop-jobs',
  'scan.startup.mode' = 'earliest-offset',
  'format' = 'debezium-json'
);

CREATE TEMPORARY VIEW big_refunds AS SELECT refund_id, order_id, amount, origin_ts FROM refunds WHERE amount > 50;

CREATE TEMPORARY VIEW ranked_refunds AS
SELECT *, ROW_NUMBER() OVER (PARTITION BY order_id ORDER BY amount DESC) AS rn FROM big_refunds;

SELECT refund_id, order_id, amount, origin_ts FROM ranked_refunds WHERE rn <= 2;
