-- expect: WARN global-rank
-- expect-reason: Ordered by processing time ascending (arrived ASC)
-- expect-reason-absent: PROCTIME() ASC
-- The first three events overall, ranked in a view by a processing-time column the view does not select
-- (arrived AS PROCTIME() in the table's DDL); the statement filters the ranking. The plan computes the column without
-- its name (PROCTIME() AS $2), and the reason named it "PROCTIME()": it names it arrived, as the view's ranking
-- does.
CREATE TABLE events (event_id STRING, kind STRING, arrived AS PROCTIME()) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW first_events AS
SELECT event_id, kind, ROW_NUMBER() OVER (ORDER BY arrived ASC) AS rn FROM events;

SELECT event_id, kind FROM first_events WHERE rn <= 3;
