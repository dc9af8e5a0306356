-- expect: WARN stateful-without-ttl
-- expect-reason: keeps an accumulator per d.deptno, e.deptno and
-- expect-fix: longer than a key (d.deptno, e.deptno) stays active
-- Employees counted per the department row's number and their own, the GROUP BY naming the right side's column
-- first: Flink plans Calc(select=[deptno0 AS deptno, deptno AS $f1]) under the aggregation (its keys in GROUP BY
-- order, the right side's deptno0 first), and the reason named them once, "per deptno". Each is now qualified as the
-- GROUP BY writes it, in its order.
CREATE TABLE emp (
  empno INT,
  deptno INT,
  mgr INT
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE dept (
  deptno INT,
  head INT
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT d.deptno, e.deptno, COUNT(*) AS headcount
FROM emp e JOIN dept d ON e.mgr = d.head
GROUP BY d.deptno, e.deptno;
