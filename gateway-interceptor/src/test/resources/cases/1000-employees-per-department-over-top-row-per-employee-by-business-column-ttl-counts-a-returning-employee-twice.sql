-- expect: BLOCK unbounded-rank
-- expect-rewrite: session-state-ttl
-- jbcodeforce/flink-studies employee_count (Confluent Cloud) with the department written as it is: a Top-1 per emp_id
-- ordered by a business column (a Rank), counted per dept_id. The TTL the rewrite sets bounds the Rank, which then
-- forgets an employee idle that long; the employee's next row is ranked as new and emitted again (Flink 2.3.0
-- AppendOnlyTopNFunction restores an empty buffer), with no retraction of the row emitted before, so the department
-- counts that employee twice. Before: the changes: line did not say so. RewritesSayWhatChangesTest reads it.
CREATE TABLE employees (
  emp_id INT,
  name VARCHAR,
  dept_id INT,
  updated_at BIGINT
) WITH ('connector' = 'datagen');

CREATE TABLE employee_count (
  dept_id INT,
  emp_count BIGINT,
  PRIMARY KEY (dept_id) NOT ENFORCED
) WITH ('connector' = 'blackhole');

INSERT INTO employee_count
SELECT dept_id, COUNT(*) AS emp_count
FROM (
  SELECT *, ROW_NUMBER() OVER (PARTITION BY emp_id ORDER BY updated_at DESC) AS row_num
  FROM employees
)
WHERE row_num = 1
GROUP BY dept_id;
