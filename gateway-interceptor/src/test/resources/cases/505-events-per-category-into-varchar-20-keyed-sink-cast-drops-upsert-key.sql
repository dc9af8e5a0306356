-- expect: BLOCK on-conflict-required
-- expect-rewrite: on-conflict
-- expect-fix: declared in the sink with the query's types
-- expect-reason: a key column the sink declares with a narrower type than the query's
-- expect-reason-absent: no unique key survives it
-- expect-fix-absent: for example aggregate by the primary key's columns
-- Events counted per category and behavior into a JDBC-like sink keyed by (category_id, behavior), its columns declared
-- varchar(20), as springMoon/sqlSubmit's kafka_to_mysql_group_by.sql writes it. The query is keyed by exactly those
-- columns, but Flink 2.3 casts the STRING keys to the sink's VARCHAR(20) on the way in and the cast keeps no upsert key
-- ("upsert key: ."); with the sink's columns declared STRING the same INSERT plans with no finding (verified on
-- 2.3.0). The reason said "no unique key survives it, as after an outer join" and the fix "Give the query the sink's
-- key (for example aggregate by the primary key's columns)", which it does (issue 30 §3). Both now name the cast.
CREATE TABLE user_log (
  user_id STRING,
  category_id STRING,
  behavior STRING,
  ts TIMESTAMP(3)
) WITH ('connector' = 'datagen');

CREATE TABLE user_log_sink (
  category_id varchar(20),
  behavior varchar(20),
  cnt bigint,
  primary key (category_id, behavior) NOT ENFORCED
) WITH ('connector' = 'blackhole');

SET 'table.exec.state.ttl' = '1 d';

INSERT INTO user_log_sink
SELECT category_id, behavior, count(user_id) cnt
FROM user_log
GROUP BY category_id, behavior;
