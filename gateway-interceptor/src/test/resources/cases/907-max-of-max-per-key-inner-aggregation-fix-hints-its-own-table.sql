-- expect: WARN stateful-without-ttl
-- expect-fix: Set a state TTL longer than a key (a1, a2) stays active: SET 'table.exec.state.ttl' = '1 d', or for this aggregation alone /*+ STATE_TTL('A' = '1 d') */ on its SELECT.
-- expect-fix-absent: STATE_TTL('t' = '1 d') */ on its SELECT
-- Flink's plan test ModifiedMonotonicityTest#testMaxWithRetractOptimize: the outer SELECT aggregates over the
-- subquery t, which aggregates A itself. The inner aggregation's SELECT reads A: its fix keeps STATE_TTL('A'),
-- not the outer subquery's alias (the subqueries of an aggregating SELECT are followed down only while they do not
-- aggregate); the outer aggregation, over the inner one's result, is offered the SET alone, as before.
CREATE TABLE A (
  a1 INT,
  a2 BIGINT,
  a3 BIGINT
) WITH ('connector' = 'datagen');

SELECT a1, MAX(a3) FROM (SELECT a1, a2, MAX(a3) AS a3 FROM A GROUP BY a1, a2) t GROUP BY a1;
