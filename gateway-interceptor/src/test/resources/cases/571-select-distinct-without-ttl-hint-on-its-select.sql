-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint session-state-ttl
-- expect-fix: or for this aggregation alone /*+ STATE_TTL('events' = '1 d') */ on its SELECT
-- SELECT DISTINCT over a stream keeps every distinct row it has seen (Flink plans it as a GroupAggregate on the
-- selected columns). The fix offers a STATE_TTL hint on its SELECT, and the state-ttl-hint rewrite writes that
-- hint before DISTINCT (SELECT /*+ ... */ DISTINCT, as Flink's grammar places hints), proven with the TTL in the
-- compiled plan; before, the hint the fix named was never written and only the session's SET was shown. The table
-- has no WATERMARK, so the hint matches it on Flink 1.20 too.
CREATE TABLE events (
  user_id BIGINT,
  page STRING
) WITH ('connector' = 'datagen');

SELECT DISTINCT user_id, page FROM events;
