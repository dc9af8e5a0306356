-- expect: WARN stateful-without-ttl
-- expect-reason: (left: the view auction over datagen, right: the view person over datagen)
-- expect-reason-absent: left: datagen
-- A regular join of two views, both over one datagen table of events (the Nexmark layout): the message names
-- the views the statement joins (left: person, right: auction), not the connector's table under both
-- (left: datagen, right: datagen), and the per-side hint names the statement's aliases.
CREATE TABLE datagen (
  event_type INT,
  person ROW<id BIGINT, name STRING, state STRING>,
  auction ROW<id BIGINT, seller BIGINT, category INT>
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TEMPORARY VIEW person AS
SELECT person.id AS id, person.name AS name, person.state AS state FROM datagen WHERE event_type = 0;

CREATE TEMPORARY VIEW auction AS
SELECT auction.id AS id, auction.seller AS seller, auction.category AS category FROM datagen WHERE event_type = 1;

SELECT P.name, P.state, A.id
FROM auction AS A
JOIN person AS P ON A.seller = P.id
WHERE A.category = 10;
