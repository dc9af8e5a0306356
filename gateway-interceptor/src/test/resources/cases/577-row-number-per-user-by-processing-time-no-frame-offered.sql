-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- expect-fix: Flink refuses ROWS or RANGE with it
-- expect-fix: its ROW_NUMBER() starts again at 1 from its next row
-- expect-fix-absent: RANGE BETWEEN
-- A row number per user in arrival order with no Top-N filter, as yangyichao-mango/flink-study's
-- RowNumberWithoutRowNumberEqual1Test writes it: Flink plans an OverAggregate (ROW_NUMBER(*) over ROWS BETWEEN
-- UNBOUNDED PRECEDING AND CURRENT ROW) that keeps a count per user_id until a state TTL frees it. The fix offered,
-- after the TTL, "bound the frame by time: OVER (PARTITION BY user_id ORDER BY proctime RANGE BETWEEN INTERVAL '5'
-- MINUTE PRECEDING AND CURRENT ROW)", which Flink refuses: "ROW/RANGE not allowed with RANK, DENSE_RANK or
-- ROW_NUMBER functions" (Calcite's validator, Flink 2.3.0). It now says no frame bounds a ROW_NUMBER, and what the
-- TTL does to it: the numbering of a partition forgotten starts again at 1.
CREATE TABLE source_table (
    user_id BIGINT,
    name STRING,
    server_timestamp BIGINT,
    proctime AS PROCTIME()
) WITH (
  'connector' = 'datagen',
  'rows-per-second' = '10'
);

CREATE TABLE sink_table (
    user_id BIGINT,
    name STRING,
    rn BIGINT
) WITH (
  'connector' = 'print'
);

INSERT INTO sink_table
select MOD(user_id, 1024) as user_id,
       name,
       rn
from (
      SELECT
          user_id,
          name,
          row_number() over(partition by user_id order by proctime) as rn
      FROM source_table
);
