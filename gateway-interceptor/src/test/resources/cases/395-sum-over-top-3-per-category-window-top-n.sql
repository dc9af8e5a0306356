-- expect: BLOCK unbounded-rank stateful-without-ttl
-- expect-rewrite: window-top-n
-- The value of the three dearest listings per category, summed over the Top-N's rows. A Rank retracts a row
-- when a dearer one outranks it, so the SUM is that of the current three; a window Top-N emits each window's
-- three once and never retracts them, so the same SUM over it adds up the three of every window so far. The
-- window-top-n rewrite's changes: line says what the aggregation over the Top-N then reads.
CREATE TABLE listings (
  listing_id STRING,
  category STRING,
  price DOUBLE,
  listed_at TIMESTAMP(3),
  WATERMARK FOR listed_at AS listed_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.category.length' = '1');

SELECT category, SUM(price) AS top_three_value
FROM (
  SELECT listing_id, category, price,
         ROW_NUMBER() OVER (PARTITION BY category ORDER BY price DESC) AS rn
  FROM listings
)
WHERE rn <= 3
GROUP BY category;
