-- expect: WARN stateful-without-ttl
-- expect-reason: keeps an accumulator per grouping set and its e.deptno, d.deptno, job (GROUPING SETS, ROLLUP or CUBE)
-- expect-reason-absent: a computed column
-- Salaries summed by CUBE(e.deptno, d.deptno, e.job) over employees joined with departments: both tables' column is
-- named deptno. Flink names the second copy deptno0 (Calcite's uniquify), which the reason read back as deptno and
-- then named once ("its deptno, job"), or, through the Expand, as "a computed column". Each copy is now qualified
-- as the GROUP BY qualifies it, in the order of the FROM items.
CREATE TABLE emp (
  empno INT,
  deptno INT,
  job STRING,
  sal DOUBLE
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE dept (
  deptno INT,
  dname STRING
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT e.deptno, d.deptno, e.job, SUM(e.sal) AS total
FROM emp e JOIN dept d ON e.empno = d.deptno
GROUP BY CUBE(e.deptno, d.deptno, e.job);
