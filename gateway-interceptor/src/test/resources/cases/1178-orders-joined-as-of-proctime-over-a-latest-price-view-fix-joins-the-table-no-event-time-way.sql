-- expect: BLOCK temporal-join-not-versioned
-- expect-fix: and join prices itself FOR SYSTEM_TIME AS OF o.proctime in place of the view latest_prices
-- expect-fix: Flink plans no lookup join through a ranking
-- expect-fix-absent: that filters or projects it
-- expect-fix-absent: as of event time
-- Orders joined FOR SYSTEM_TIME AS OF their processing time over a view that keeps the latest price per item (a
-- ROW_NUMBER() = 1 over a datagen table): Flink refuses it ("Processing-time temporal join is not supported yet.").
-- The shape read in myfjdthink/flink-playground (round 70, a versioned_price view joined as of o.proctime). Before,
-- the fix said the view "that filters or projects" the table would become a lookup join once the table is a lookup
-- source, but Flink plans a lookup join only over a table's scan through a projection or filter
-- (StreamPhysicalLookupJoinRule), not through the view's ranking; and it offered an event-time join, which needs the
-- orders' event time, and the orders have only a PROCTIME() column. The fix now joins the table itself (a lookup reads
-- each item's current price, the latest row the view kept) and offers no event-time join.
CREATE TABLE orders (
  order_id BIGINT,
  item_id BIGINT,
  quantity INT,
  proctime AS PROCTIME()
) WITH ('connector' = 'datagen');

CREATE TABLE prices (
  item_id BIGINT,
  price DECIMAL(10, 2),
  update_time TIMESTAMP(3),
  WATERMARK FOR update_time AS update_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW latest_prices AS
SELECT item_id, price
FROM (
  SELECT item_id, price,
         ROW_NUMBER() OVER (PARTITION BY item_id ORDER BY update_time DESC) AS rn
  FROM prices
)
WHERE rn = 1;

SELECT o.order_id, o.quantity * p.price AS total
FROM orders AS o
JOIN latest_prices FOR SYSTEM_TIME AS OF o.proctime AS p
ON o.item_id = p.item_id;
