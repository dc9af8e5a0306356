-- expect: WARN stateful-without-ttl
-- expect-reason-absent: on t4.a = t5.a
-- Views over one table, the last of them itself a join (t5 = t1 JOIN t3), joined by the statement (FROM t4, t5),
-- as Flink's own plan test DagOptimizationTest#testSingleSink2 builds them. The plan has two regular joins: the
-- statement's (t4.a3 = t5.a1) and, below it, the view t5's (t1.a1 = t3.a2). Both views read only MyTable, so
-- the statement's FROM pair matched both joins, and the view's join was described with the statement's names
-- ("on t4.a = t5.a", a condition written nowhere) and given a fix, /*+ STATE_TTL('t4' = '1 d', 't5' = '1 d') */ on
-- the statement's SELECT, that reaches the statement's join only (issue 30 §3: a hint's keys name the SELECT's own
-- inputs). The FROM pair now names only the topmost join it matches; the view's join gets the SET.
CREATE TABLE MyTable (a INT, b BIGINT, c STRING) WITH ('connector' = 'datagen');

CREATE TABLE appendSink (a1 INT, b BIGINT, c1 STRING) WITH ('connector' = 'blackhole');

CREATE TEMPORARY VIEW t1 AS SELECT a as a1, b FROM MyTable WHERE a <= 10;
CREATE TEMPORARY VIEW t2 AS SELECT a, b, c FROM MyTable WHERE a >= 0;
CREATE TEMPORARY VIEW t3 AS SELECT a AS a2, c FROM t2 WHERE b >= 5;
CREATE TEMPORARY VIEW t4 AS SELECT a AS a3, c as c1 FROM t2 WHERE b < 5;
CREATE TEMPORARY VIEW t5 AS SELECT a1, b, c as c2 FROM t1, t3 WHERE a1 = a2;

INSERT INTO appendSink SELECT a1, b, c1 FROM t4, t5 WHERE a1 = a3;
