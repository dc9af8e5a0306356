-- expect: BLOCK unbounded-rank stateful-without-ttl
-- expect-rewrite: window-top-n
-- The three most sold products per shop (as case 403), written in lower case over many lines with comments:
-- the window Top-N rewrite of the lateral (... order by ... limit 3) keeps the statement's lines, case and
-- comments. Only the left side, the LATERAL keyword, the key equality and the ORDER BY ... LIMIT are cut, the
-- keys and the row number added to the subquery's select list where it stands, and `where rn <= 3` added after
-- the FROM clause on a line of its own, in the case of its FROM (issue 30 §1: splice only what changes).
CREATE TABLE sales (
  shop STRING,
  product STRING,
  sold_at TIMESTAMP(3),
  WATERMARK FOR sold_at AS sold_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.shop.length' = '1', 'fields.product.length' = '2');

with counts as (
  select shop, product, count(*) as sold -- since the start
  from sales
  group by shop, product
)
select s.shop, t.product, t.sold
from (select distinct shop from counts) as s,
     lateral (
       select product, sold
       from counts /* the counts above */
       where counts.shop = s.shop
       order by sold desc, product asc
       limit 3
     ) as t;
