-- expect: BLOCK on-conflict-required
-- expect-rewrite: on-conflict
-- expect-reason: the statement's JOIN on T.sum_votes = award.votes loses it: a join keeps a key only where its inputs have one
-- expect-reason: a join on another column (sum_votes is SUM(votes), an aggregated value) distributes
-- expect-reason-absent: The query's upsert key
-- expect-fix: no key reaches the sink and ON CONFLICT DO DEDUPLICATE is the fix
-- Votes summed per person and joined with the award of that many votes (award keyed by votes), written into a sink
-- keyed by person, as Flink's own plan test TableSinkTest#testSinkDisorderChangeLogWithJoin writes it. The join
-- distributes the aggregation's rows by sum_votes, which changes with every vote, so a person's update and its
-- retraction pass through different join instances; Flink keeps no upsert key through the Join
-- (FlinkRelMdUpsertKeys#getJoinUpsertKeys keeps only keys that hold the join key) and 2.3 refuses the INSERT with
-- "upsert key: .". The reason named an outer join and a narrower sink type, neither in the statement (issue 30 §3);
-- case 507 is the ranking's shape.
CREATE TABLE src (person STRING, votes BIGINT) WITH ('connector' = 'datagen');

CREATE TABLE award (
  votes BIGINT,
  prize DOUBLE,
  PRIMARY KEY (votes) NOT ENFORCED
) WITH ('connector' = 'datagen');

CREATE TABLE SinkJoinChangeLog (
  person STRING,
  votes BIGINT,
  prize DOUBLE,
  PRIMARY KEY (person) NOT ENFORCED
) WITH ('connector' = 'blackhole');

SET 'table.exec.state.ttl' = '1 d';

INSERT INTO SinkJoinChangeLog
SELECT T.person, T.sum_votes, award.prize FROM
   (SELECT person, SUM(votes) AS sum_votes FROM src GROUP BY person) T, award
   WHERE T.sum_votes = award.votes;
