-- expect: OK
-- expect-absent: unbounded-rank
-- A Top-1 per customer over the statement's own VALUES, ordered by a plain value: the Rank reads three rows and the
-- job ends; its state cannot grow past them.
SELECT customer, amount
FROM (
  SELECT customer, amount, ROW_NUMBER() OVER (PARTITION BY customer ORDER BY amount DESC) AS rn
  FROM (VALUES ('alice', 10.0), ('bob', 20.0), ('alice', 30.0)) AS t(customer, amount))
WHERE rn = 1;
