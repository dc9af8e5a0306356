-- expect: WARN stateful-without-ttl
-- Departments whose lowest salary and largest budget are known, joined on the department: the statement writes
-- MIN(salary) and MAX(budget), but reads neither, and the planner drops both calls, leaving GroupAggregates of
-- the key alone. The TTL rewrite's changes: line spoke of "an aggregation without an aggregate function",
-- true to the plan but not to the statement, which has two; it now names the calls the planner dropped.
CREATE TABLE employees (
  dept_id INT,
  salary INT
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE departments (
  dept_id INT,
  budget INT
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT e.dept_id
FROM (SELECT dept_id, MIN(salary) AS min_salary FROM employees GROUP BY dept_id) e
JOIN (SELECT dept_id, MAX(budget) AS max_budget FROM departments GROUP BY dept_id) d
ON e.dept_id = d.dept_id;
