-- expect: BLOCK on-conflict-required
-- expect-reason: the statement's INNER JOIN on T.sum_votes = a.votes loses it
-- expect-reason: a join on another column (sum_votes is SUM(votes), an aggregated value) distributes the updating rows
-- expect-reason-absent: (an aggregated value)
-- Case 508's shape written with JOIN ... ON: votes summed per person and joined with the award of that many votes,
-- into a sink keyed by person. The reason said "a join on another column (an aggregated value)" without naming the
-- join's condition; it now names it as the statement writes it, and which of its columns is an aggregated value.
CREATE TABLE src (person STRING, votes BIGINT) WITH ('connector' = 'datagen');

CREATE TABLE award (votes BIGINT, prize DOUBLE, PRIMARY KEY (votes) NOT ENFORCED) WITH ('connector' = 'datagen');

CREATE TABLE winners (person STRING, votes BIGINT, prize DOUBLE, PRIMARY KEY (person) NOT ENFORCED)
WITH ('connector' = 'blackhole');

SET 'table.exec.state.ttl' = '1 d';

INSERT INTO winners
SELECT T.person, T.sum_votes, a.prize
FROM (SELECT person, SUM(votes) AS sum_votes FROM src GROUP BY person) AS T
JOIN award AS a ON T.sum_votes = a.votes;
