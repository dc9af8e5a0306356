-- expect: WARN ttl-not-a-table-option
-- expect-reason: 'datagen' refuses options it does not know, so every query that reads or writes this table fails with 'Unsupported options found for 'datagen''
-- expect-reason-absent: others ignore it
-- A datagen table declared with 'state.ttl': Flink's DataGenTableSourceFactory refuses every option it does not
-- consume (FactoryUtil#validateUnconsumedKeys), so every query on the table fails. The finding says so of the
-- connector in front of it, where it said "Connectors that validate options (datagen, kafka, ...) fail ...; others
-- ignore it" (round 54's new user).
CREATE TABLE clicks (
  user_id STRING,
  url STRING
) WITH ('connector' = 'datagen', 'state.ttl' = '1 d');
