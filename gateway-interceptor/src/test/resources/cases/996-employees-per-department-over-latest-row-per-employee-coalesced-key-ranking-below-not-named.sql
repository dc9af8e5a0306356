-- expect: BLOCK on-conflict-required
-- expect-reason: the query groups by dept_id, the upsert key of its aggregation, but selects dept_id only inside COALESCE(dept_id, 0)
-- expect-reason-absent: the statement's ranking PARTITION BY emp_id loses it
-- expect-fix: Group by what the query writes, GROUP BY COALESCE(dept_id, 0)
-- expect-fix-absent: The query keeps one row per partition already
-- expect-fix-absent: PRIMARY KEY (emp_id)
-- expect-fix-absent: Where a join or a ranking distributes the rows
-- jbcodeforce/flink-studies code/flink-sql/00-basic-sql/cc-flink/dml.employee_count.sql (Confluent Cloud): a WITH
-- query keeps one row per emp_id (ROW_NUMBER ... = 1), and the statement counts its rows per dept_id, written as
-- COALESCE(dept_id, 0) into a sink keyed by dept_id. The aggregation keys the rows; its key dept_id is written only
-- inside COALESCE, so no key reaches the sink. Before: the reason said the ranking PARTITION BY emp_id lost the key,
-- and the fix told the user to key the sink by emp_id, a column the query does not write.
CREATE TABLE employees (
  emp_id INT,
  name VARCHAR,
  dept_id INT,
  PRIMARY KEY (emp_id) NOT ENFORCED
) WITH ('connector' = 'datagen');

CREATE TABLE employee_count (
  dept_id INT NOT NULL,
  emp_count BIGINT NOT NULL,
  PRIMARY KEY (dept_id) NOT ENFORCED
) WITH ('connector' = 'blackhole');

INSERT INTO employee_count
with deduplicated_employees as (
    select * from (
        select *,
        ROW_NUMBER() OVER (PARTITION BY emp_id ORDER BY emp_id DESC) as row_num
        from employees
    ) where row_num = 1
)
select coalesce(dept_id, 0) as dept_id, count(*) as emp_count from deduplicated_employees group by dept_id;
