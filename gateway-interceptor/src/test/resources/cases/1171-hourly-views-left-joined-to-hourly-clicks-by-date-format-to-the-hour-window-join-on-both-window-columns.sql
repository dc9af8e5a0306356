-- expect: WARN stateful-without-ttl
-- expect-rewrite: window-join window-aggregate
-- Page views per page and hour LEFT JOINed to the same hour's clicks per page, each hour written by hand as
-- DATE_FORMAT(..., 'yyyy-MM-dd HH') (a STRING) and the two joined on it and the page: a regular Join over two
-- GroupAggregates, every hour kept forever. Over the windows the hour is DATE_FORMAT(window_start, 'yyyy-MM-dd HH'), no
-- window column: each side selects window_start and window_end too and the join equates both beside the hour (case
-- 1170's CAST, with an outer join: an unmatched view is emitted once, when its window closes). Before: the join was
-- offered the TTL alone.
CREATE TABLE page_views (
  page STRING,
  viewed_at TIMESTAMP(3),
  WATERMARK FOR viewed_at AS viewed_at - INTERVAL '10' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '50', 'fields.page.length' = '2');

CREATE TABLE clicks (
  page STRING,
  clicked_at TIMESTAMP(3),
  WATERMARK FOR clicked_at AS clicked_at - INTERVAL '10' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '5', 'fields.page.length' = '2');

SELECT v.hr, v.page, v.view_count, c.clicks
FROM (
  SELECT DATE_FORMAT(viewed_at, 'yyyy-MM-dd HH') AS hr, page, COUNT(*) AS view_count
  FROM page_views
  GROUP BY DATE_FORMAT(viewed_at, 'yyyy-MM-dd HH'), page
) AS v
LEFT JOIN (
  SELECT DATE_FORMAT(clicked_at, 'yyyy-MM-dd HH') AS hr, page, COUNT(*) AS clicks
  FROM clicks
  GROUP BY DATE_FORMAT(clicked_at, 'yyyy-MM-dd HH'), page
) AS c ON v.hr = c.hr AND v.page = c.page;
