-- expect: WARN rank-retract
-- The three oldest open tickets per team, read through a view that filters a Postgres table read by postgres-cdc
-- (through lint's stand-in: every change), under a session TTL. The Rank reads the view's rows, the source's updates
-- filtered (RetractStrategy): the fix names the view the statement reads and says what changes it, as for the table.
CREATE TEMPORARY TABLE tickets (
  ticket_id BIGINT,
  team STRING,
  status STRING,
  opened_at TIMESTAMP(3),
  PRIMARY KEY (ticket_id) NOT ENFORCED
) WITH ('connector' = 'postgres-cdc', 'hostname' = 'postgres', 'database-name' = 'support', 'schema-name' = 'public',
        'table-name' = 'tickets', 'username' = 'flink', 'password' = 'flink', 'slot.name' = 'flink');

CREATE TEMPORARY VIEW open_tickets AS SELECT ticket_id, team, opened_at FROM tickets WHERE status = 'open';

SET 'table.exec.state.ttl' = '1 d';

SELECT team, ticket_id, opened_at FROM (
  SELECT *, ROW_NUMBER() OVER (PARTITION BY team ORDER BY opened_at ASC) AS rn FROM open_tickets)
WHERE rn <= 3;
