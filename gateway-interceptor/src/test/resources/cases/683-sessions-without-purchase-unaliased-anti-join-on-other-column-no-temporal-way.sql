-- expect: WARN stateful-without-ttl
-- expect-fix: the statement does not say whether a purchases row comes before or after its sessions row
-- expect-fix-absent: FOR SYSTEM_TIME AS OF
-- Sessions without a purchase, the tables unaliased and the IS NULL on another column of the right side than the
-- join key (purchases.purchase_id): still an anti-join, so no lookup or temporal join is offered.
CREATE TABLE sessions (
  session_id STRING,
  started TIMESTAMP(3),
  WATERMARK FOR started AS started - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE purchases (
  purchase_id STRING,
  session_id STRING,
  bought TIMESTAMP(3),
  WATERMARK FOR bought AS bought - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT sessions.session_id, sessions.started
FROM sessions LEFT JOIN purchases ON sessions.session_id = purchases.session_id
WHERE purchases.purchase_id IS NULL;
