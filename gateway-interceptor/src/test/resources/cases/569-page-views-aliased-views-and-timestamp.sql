-- expect: BLOCK reserved-word-name
-- expect-rewrite: quoted-names
-- expect-reason: views, timestamp are reserved words of Flink's SQL parser
-- expect-fix: Quote them with back-ticks wherever they name a column or an alias: `views`, `timestamp`
-- Page views per url with the latest time, aliased views and timestamp: two different reserved words, one message
-- about each (Flink's parser names only the first); the diagnosis names both and the rewrite quotes both.
CREATE TABLE page_views (
  url STRING,
  ts TIMESTAMP(3)
) WITH ('connector' = 'datagen');

SELECT url, COUNT(*) AS views, MAX(ts) AS timestamp
FROM page_views
GROUP BY url;
