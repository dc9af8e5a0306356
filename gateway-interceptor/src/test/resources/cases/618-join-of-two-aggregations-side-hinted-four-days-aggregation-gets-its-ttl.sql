-- expect: WARN stateful-without-ttl
-- expect-fix: SET 'table.exec.state.ttl' = '4 d'
-- expect-fix-absent: SET 'table.exec.state.ttl' = '1 d'
-- Two aggregations joined, the hint keeping the join's v1 input 1 d and its v2 input 4 d (Flink's
-- JoinTestPrograms JOIN_WITH_STATE_TTL_HINT): the aggregations under the join have no TTL. A session TTL of 1 d
-- would make the aggregation under v2 forget a department the join still holds for 4 d, and start it anew: the
-- join then holds two rows of it. The fix and the rewrite propose 4 d, the longest TTL the compiled plan gives an
-- operator on the aggregations' pipelines (the join's rightState), and the rewrite's changes: line names the one
-- mix a single SET leaves: the join's left input (1 d) over an aggregation kept 4 d.
CREATE TABLE salaries (
  dept_id INT,
  salary INT
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE budgets (
  dept_id INT,
  budget INT
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE VIEW v1 AS SELECT dept_id, SUM(salary) AS total FROM salaries GROUP BY dept_id;

CREATE VIEW v2 AS SELECT dept_id, MAX(budget) AS budget FROM budgets GROUP BY dept_id;

SELECT /*+ STATE_TTL('v1' = '1d', 'v2' = '4d') */ v1.dept_id, v1.total, v2.budget
FROM v1 JOIN v2 ON v1.dept_id = v2.dept_id;
