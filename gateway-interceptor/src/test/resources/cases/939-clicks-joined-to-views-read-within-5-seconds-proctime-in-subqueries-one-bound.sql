-- expect: WARN stateful-without-ttl
-- expect-reason: v.read_at and c.read_at are processing-time attributes, but the condition bounds v.read_at by c.read_at from below only
-- expect-reason-absent: the time a row is read
-- expect-reason-absent: no WATERMARK is proposed
-- expect-fix: Give the condition the upper bound it lacks, on the same columns: AND v.read_at <= c.read_at + INTERVAL 'n' MINUTE
-- expect-fix: where both inputs are inserts only
-- The shape of Flink's NonDeterministicDagTest#testCdcProctimeIntervalJoinOnPkSinkWithoutPk over an append-only
-- source: each side's PROCTIME() computed in its subquery, bounded from below only. Flink plans a regular join, which
-- makes the two columns plain values (PROCTIME_MATERIALIZE); with the upper bound added it plans an IntervalJoin
-- (asked of Flink 2.3.0). Before: the message said the columns were "computed from PROCTIME, the time a row is read"
-- and that no WATERMARK is proposed, and the fix offered a TTL alone, as case 638 did for PROCTIME() declared in the
-- tables.
CREATE TABLE page_views (
  user_id BIGINT,
  url STRING
) WITH ('connector' = 'datagen');

CREATE TABLE clicks (
  user_id BIGINT,
  target STRING
) WITH ('connector' = 'datagen');

SELECT v.user_id, v.url, c.target
FROM (SELECT *, PROCTIME() AS read_at FROM page_views) AS v
JOIN (SELECT *, PROCTIME() AS read_at FROM clicks) AS c
  ON v.user_id = c.user_id AND v.read_at > c.read_at - INTERVAL '5' SECOND;
