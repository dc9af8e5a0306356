-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-reason: (left: the subquery won over ballots and prizes, right: players) on won.player = p.player
-- expect-reason: on totals.total = z.votes
-- expect-reason-absent: on player = player
-- expect-fix: STATE_TTL('won' = '1 d', 'p' = '1 d')
-- A join whose left side is a subquery (won) that joins an aggregation with another table: the message said
-- "(left: ballots, prizes, right: players) on player = player", keys no reader can place. The sides are named
-- as the FROM writes them (the subquery's alias, the table's), and the fix's hint per side names them too.
CREATE TABLE ballots (
  player STRING,
  votes BIGINT
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE prizes (
  votes BIGINT,
  prize DOUBLE
) WITH ('connector' = 'datagen', 'rows-per-second' = '1');

CREATE TABLE players (
  player STRING,
  team STRING
) WITH ('connector' = 'datagen', 'rows-per-second' = '1');

SELECT won.player, won.total, won.prize, p.team
FROM (
  SELECT totals.player, totals.total, z.prize
  FROM (SELECT player, SUM(votes) AS total FROM ballots GROUP BY player) AS totals
  JOIN prizes AS z ON totals.total = z.votes
) AS won
JOIN players AS p ON won.player = p.player;
