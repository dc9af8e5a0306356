-- expect: BLOCK unbounded-rank
-- expect-fix: The statement's '-- sql-guard:allow unbounded-rank' comment was read and is not honoured
-- expect-fix: 'sql-guard.rules.unbounded-rank.allow-suppression: true'
-- A suppression comment on a query, for a rule the default policy does not let users lower: the finding keeps
-- its level and its fix says the comment was read and is not honoured, as for a SET (case 730).
CREATE TABLE clicks (user_id BIGINT, url STRING, amount DOUBLE) WITH ('connector' = 'datagen');

-- sql-guard:allow unbounded-rank the ranking of a few urls stays small
SELECT url, user_id, amount
FROM (
  SELECT url, user_id, amount, ROW_NUMBER() OVER (PARTITION BY url ORDER BY amount DESC) AS rn
  FROM clicks
)
WHERE rn <= 3;
