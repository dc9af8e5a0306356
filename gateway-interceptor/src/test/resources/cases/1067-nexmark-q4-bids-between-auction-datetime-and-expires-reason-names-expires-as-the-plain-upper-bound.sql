-- expect: WARN stateful-without-ttl
-- expect-reason: like an interval join, but Flink planned a regular join: its upper bound of B.
-- expect-reason: A.expires (auction), is a plain column that carries no time attribute
-- expect-reason: bounded from below only, and an interval join needs a lower and an upper bound
-- expect-reason-absent: which this condition does not give
-- Nexmark q4's join (the highest bid per auction among those made while it was open), over tables as Nexmark's views
-- give them: B.dateTime BETWEEN A.dateTime AND A.expires. dateTime is each table's event time; expires is a plain
-- TIMESTAMP, so Flink takes B.dateTime <= A.expires as no bound of an interval join and plans a regular join. The
-- reason said "an interval join needs a lower and an upper bound on time attributes ..., which this condition does
-- not give", naming neither bound: it now names A.expires as the plain upper bound.
CREATE TABLE auction (
  id BIGINT,
  category BIGINT,
  `dateTime` TIMESTAMP(3),
  expires TIMESTAMP(3),
  WATERMARK FOR `dateTime` AS `dateTime` - INTERVAL '4' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE bid (
  auction BIGINT,
  price BIGINT,
  `dateTime` TIMESTAMP(3),
  WATERMARK FOR `dateTime` AS `dateTime` - INTERVAL '4' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE q4_sink (
  category BIGINT,
  avg_final DOUBLE
) WITH ('connector' = 'blackhole');

INSERT INTO q4_sink
SELECT Q.category, AVG(Q.final)
FROM (
  SELECT MAX(B.price) AS final, A.category
  FROM auction A, bid B
  WHERE A.id = B.auction AND B.`dateTime` BETWEEN A.`dateTime` AND A.expires
  GROUP BY A.id, A.category
) Q
GROUP BY Q.category;
