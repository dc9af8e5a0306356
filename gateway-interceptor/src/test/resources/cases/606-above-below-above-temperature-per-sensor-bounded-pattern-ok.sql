-- expect: OK
-- expect-absent: match-without-within
-- Confluent's tutorial "How to pattern match with Flink SQL's MATCH_RECOGNIZE" (confluentinc/tutorials,
-- pattern-matching/flinksql/README.md), its first query: a reading above 51, one below, one above again, per sensor,
-- with no WITHIN. The pattern's variables follow each other strictly (Flink's CommonExecMatch joins them with next()),
-- so the next reading of a sensor continues a partial match or ends it: at most three rows per partial match, nothing
-- that grows while rows arrive. Only a quantifier without an upper bound (case 603's A+) is reported.
SET 'table.exec.state.ttl' = '1 d';

CREATE TABLE temperature_readings (
    sensor_id INT,
    temperature DOUBLE,
    ts TIMESTAMP(3),
    -- declare ts as event time attribute and use strictly ascending timestamp watermark strategy
    WATERMARK FOR ts AS ts
) WITH ('connector' = 'datagen');

SELECT *
FROM temperature_readings
    MATCH_RECOGNIZE(
        PARTITION BY sensor_id
        ORDER BY ts ASC
        MEASURES
            A.temperature AS firstTemp,
            A.ts as firstTs,
            B.temperature AS middleTemp,
            B.ts as middleTs,
            C.temperature AS lastTemp,
            C.ts as lastTs
        ONE ROW PER MATCH
        AFTER MATCH SKIP PAST LAST ROW
        PATTERN (A B C)
        DEFINE
            A AS A.temperature > 51,
            B AS B.temperature < 51,
            C AS C.temperature > 51
    ) MR;
