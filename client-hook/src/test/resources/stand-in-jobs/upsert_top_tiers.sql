-- Top-N over an upsert-kafka table: ChangelogNormalize, then a Rank fed by updates.
SELECT customer_id, name, tier
FROM (
  SELECT *, ROW_NUMBER() OVER (PARTITION BY tier ORDER BY name) AS rn
  FROM customers
)
WHERE rn <= 10;
