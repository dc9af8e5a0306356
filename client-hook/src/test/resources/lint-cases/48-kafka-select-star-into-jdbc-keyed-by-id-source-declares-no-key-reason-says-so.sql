-- expect: BLOCK on-conflict-required
-- expect-rewrite: on-conflict
-- expect-reason: the statement writes the rows of yzhoujsontp13 as it reads them, neither grouping, deduplicating nor joining them, and yzhoujsontp13 declares no PRIMARY KEY
-- expect-reason-absent: narrower type
-- expect-fix: The rows are inserts, each row of yzhoujsontp13 once and with no key, so end the INSERT with ON CONFLICT DO DEDUPLICATE: over inserts Flink plans no upsert materializer for it and keeps no state
-- expect-fix-absent: a time column
-- expect-fix-absent: ROW_NUMBER()
-- expect-fix-absent: declared in the sink with the query's types
-- xinzhuxiansheng/flink-tutorial's Kafka2MySql05 (flink-learn): a Kafka topic without a key copied with SELECT * into a
-- jdbc table keyed by id. Flink 2.3 names no upsert key ("upsert key: none": a scan's key is the table's declared one)
-- and asks for ON CONFLICT. Before: the reason guessed "a key column the sink declares with a narrower type ..., or a
-- join or a ranking in a view it reads", where the sink's id is the query's INT and the statement reads one table.
-- Round 68: the fix put first a Top-1 "ORDER BY a time column", which the table does not have (a Top-1 by another
-- column is a Rank the guard blocks; by processing time it keeps the row that arrived last, as the clause does, in
-- state); it names first what the first rewrite shown does, ON CONFLICT DO DEDUPLICATE, with no state over these
-- inserts, and a deduplication by the sink's key only where the one table has an event-time attribute (lint 31).
-- OnConflictNoKeyReasonTest.
CREATE TABLE
  `yzhoujsontp13` (
    `id` INT COMMENT '',
    `name` STRING COMMENT '',
    `address` STRING COMMENT '',
    kafka_offset BIGINT METADATA FROM 'offset' VIRTUAL  )
WITH
  (
    'properties.bootstrap.servers' = '192.168.64.112:9092',
    'connector' = 'kafka',
    'json.ignore-parse-errors' = 'false',
    'format' = 'json',
    'topic' = 'yzhoujsontp13',
    'properties.group.id' = 'testGroup-gid072102',
    'scan.startup.mode' = 'earliest-offset',
    'json.fail-on-missing-field' = 'false'
  );

CREATE TABLE
  `yzhou_test02` (
    `id` INT NOT NULL COMMENT '',
    `name` STRING NOT NULL COMMENT '',
    `address` STRING COMMENT '',
    kafka_offset BIGINT COMMENT 'Kafka Offset',    PRIMARY KEY (id) NOT ENFORCED
  )
WITH
  (
    'password' = '123456',
    'connector' = 'jdbc',
    'table-name' = 'yzhou_test02',
    'sink.parallelism' = '1',
    'url' = 'jdbc:mysql://192.168.0.13:3306/drc_test',
    'username' = 'drc_test'
  );

 INSERT INTO yzhou_test02  SELECT * FROM yzhoujsontp13 ;
