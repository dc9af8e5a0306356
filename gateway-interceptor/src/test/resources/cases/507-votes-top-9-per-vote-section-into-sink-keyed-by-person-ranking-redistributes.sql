-- expect: BLOCK on-conflict-required
-- expect-rewrite: on-conflict
-- expect-reason: the statement's ranking PARTITION BY vote_section loses it: a ranking distributes its input's rows by its PARTITION BY
-- expect-fix: no key reaches the sink and ON CONFLICT DO DEDUPLICATE is the fix
-- Votes summed per person, ranked per vote section (SUM(votes) / 2), the top 9 written into a sink keyed by person,
-- as Flink's own plan test TableSinkTest#testSinkDisorderChangeLogWithRank writes it (values tables as datagen and
-- jdbc). The aggregation's rows are keyed by person, but the ranking distributes them by vote_section, an
-- aggregated value that changes: a person's update leaves one partition and enters another, so Flink keeps no
-- upsert key through the Rank (FlinkRelMdUpsertKeys#filterKeys: only keys that hold the distribution key) and 2.3
-- refuses the INSERT with "upsert key: .". The reason named only an outer join and a narrower sink type, neither in
-- the statement, and the fix said to aggregate by the primary key's columns, which the query does (issue 30 §3:
-- findings true to the plan). Both now name the redistribution, and the fix names DO DEDUPLICATE, whose
-- materializer keeps each person's rows until their retraction arrives: what Flink 1.20 did on its own.
CREATE TABLE src (person STRING, votes BIGINT) WITH ('connector' = 'datagen');

CREATE TABLE SinkRankChangeLog (
  person STRING,
  votes BIGINT,
  PRIMARY KEY (person) NOT ENFORCED
) WITH ('connector' = 'blackhole');

SET 'table.exec.state.ttl' = '1 d';

INSERT INTO SinkRankChangeLog
SELECT person, sum_votes FROM
 (SELECT person, sum_votes,
   ROW_NUMBER() OVER (PARTITION BY vote_section ORDER BY sum_votes DESC) AS rank_number
   FROM (SELECT person, SUM(votes) AS sum_votes, SUM(votes) / 2 AS vote_section FROM src
      GROUP BY person))
   WHERE rank_number < 10;
