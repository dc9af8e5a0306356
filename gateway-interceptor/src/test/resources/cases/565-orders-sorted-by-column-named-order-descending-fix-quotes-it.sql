-- expect: BLOCK sort-non-time
-- expect-reason: This ORDER BY starts with `order` DESC, descending
-- expect-fix: keep a Top-N: ORDER BY `order` DESC LIMIT n
-- expect-fix: where `order` is a time attribute, sort by it ascending (ORDER BY `order` ASC
-- A column named order (a reserved word, written `order`) sorted descending: the fix names it as the statement must,
-- in back-ticks, so that ORDER BY `order` DESC LIMIT n parses where ORDER BY order DESC LIMIT n would not.
CREATE TABLE tickets (
  id STRING,
  `order` BIGINT,
  title STRING
) WITH ('connector' = 'datagen');

SELECT id, title, `order`
FROM tickets
ORDER BY `order` DESC;
