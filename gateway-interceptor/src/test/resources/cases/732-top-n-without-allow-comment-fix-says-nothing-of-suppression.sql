-- expect: BLOCK unbounded-rank
-- expect-fix-absent: sql-guard:allow
-- expect-fix-absent: not honoured
-- The same Top-N as case 731 without a suppression comment: its fix offers no suppression (unbounded-rank's fix
-- never does) and says nothing of one.
CREATE TABLE clicks (user_id BIGINT, url STRING, amount DOUBLE) WITH ('connector' = 'datagen');

SELECT url, user_id, amount
FROM (
  SELECT url, user_id, amount, ROW_NUMBER() OVER (PARTITION BY url ORDER BY amount DESC) AS rn
  FROM clicks
)
WHERE rn <= 3;
