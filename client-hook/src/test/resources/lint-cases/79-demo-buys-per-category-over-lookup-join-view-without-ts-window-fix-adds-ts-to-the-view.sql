-- expect: WARN stateful-without-ttl
-- expect-absent: on-conflict-required
-- expect-fix: GROUP BY window_start, window_end, category_name over TABLE(TUMBLE(TABLE rich_user_behavior, DESCRIPTOR(ts), INTERVAL '5' MINUTE)) (with ts added to the SELECT of the view rich_user_behavior, which selects no time column: the window reads the time attribute of user_behavior through it)
-- Flink's own SQL demo ("Flink SQL Demo: Building an End-to-End Streaming Application", 2020-07-28; read in
-- padmapriyauppala/flink_sql_sample_app, round 69): buys per category over a view that enriches user_behavior with a
-- lookup join of its category dimension and selects no time column, into Elasticsearch keyed by the category. Round 69
-- read (at 5519b181) a window fix over TABLE(TUMBLE(TABLE rich_user_behavior, DESCRIPTOR(ts), ...)) that did not say
-- that ts is no column of the view; namecols2's view columns (ExplainedPlan#viewColumns) read this view too, lookup join
-- and all: the fix says to select ts in the view, through which the window reads user_behavior's time attribute. On
-- Flink 1.20 the fix named the TTL alone (round 70): 1.20's compiled plan pushes the watermark into the Kafka scan
-- without a "rowtimeExpr" (2.3 added it) and no Calc over the scan reinterprets ts (the view does not read it), so the
-- plan reader found no event time below the aggregation. It now takes the table's declared rowtime
-- ("watermarkSpecs"), and the case runs on both lines.
CREATE TABLE user_behavior (
  user_id BIGINT,
  item_id BIGINT,
  category_id BIGINT,
  behavior STRING,
  ts TIMESTAMP(3),
  proctime AS PROCTIME(),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH (
  'connector' = 'kafka',
  'topic' = 'user_behavior',
  'scan.startup.mode' = 'earliest-offset',
  'properties.bootstrap.servers' = 'kafka:9094',
  'format' = 'json'
);

CREATE TABLE category_dim (
  sub_category_id BIGINT,
  parent_category_name STRING
) WITH (
  'connector' = 'jdbc',
  'url' = 'jdbc:mysql://mysql:3306/flink',
  'table-name' = 'category',
  'username' = 'root',
  'password' = '123456',
  'lookup.cache.max-rows' = '5000',
  'lookup.cache.ttl' = '10min'
);

CREATE VIEW rich_user_behavior AS
SELECT U.user_id, U.item_id, U.behavior, C.parent_category_name AS category_name
FROM user_behavior AS U LEFT JOIN category_dim FOR SYSTEM_TIME AS OF U.proctime AS C
ON U.category_id = C.sub_category_id;

CREATE TABLE top_category (
  category_name STRING PRIMARY KEY NOT ENFORCED,
  buy_cnt BIGINT
) WITH (
  'connector' = 'elasticsearch-7',
  'hosts' = 'http://elasticsearch:9200',
  'index' = 'top_category'
);

INSERT INTO top_category
SELECT category_name, COUNT(*) buy_cnt
FROM rich_user_behavior
WHERE behavior = 'buy'
GROUP BY category_name;
